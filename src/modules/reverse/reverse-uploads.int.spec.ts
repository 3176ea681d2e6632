import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, HOUR, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller, requestForm } from '../../../test/reverse.fixtures.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

// The catalog's cleanup task and how long an unclaimed upload lives (catalog.tasks.ts, upload-cleanup.service.ts).
const DELETE_UNCLAIMED_UPLOADS_TASK = 'catalog/delete-unclaimed-uploads';
const UNCLAIMED_UPLOAD_LIFETIME_MS = 24 * HOUR;

let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let uploadsDir: string;

const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#533' } }).png().toBuffer();
const upload = async (agent: TestUser['agent']) =>
  (await agent.post('/api/uploads').attach('file', await png(), 'quote.png').expect(201)).body as { url: string; thumbnailUrl: string };
const onDisk = async () => (await readdir(uploadsDir).catch(() => [] as string[])).sort();
const fileOf = (url: string) => url.split('/').pop()!;

beforeAll(async () => {
  t = await startTestApp();
  uploadsDir = t.rt.container.get<Config>(TOKENS.Config).uploadsDir;
  buyer = await fastUser(t, 'photo_buyer');
  seller = await approvedSeller(t, 'photo_seller');
}, 60_000);
afterAll(async () => t?.close());

describe('quote photos', () => {
  it('takes photos from the upload endpoint on a quote, and the unclaimed-upload cleanup keeps them', async () => {
    const res = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t)).expect(201);
    const id = res.body.id as string;
    t.clock.advance(HOUR);
    await t.inContext(() => t.rt.container.get(ReverseLifecycleService).tick());

    const shown = await upload(seller.agent);
    const abandoned = await upload(seller.agent);
    const quoted = await seller.agent
      .post(`/api/reverse-auctions/${id}/bids`)
      .send({ bidAmount: '420.00', partCondition: 'Used - Good', images: [{ url: shown.url, altText: 'Intake, top side' }] })
      .expect(201);
    expect(quoted.body.bid.images).toEqual([{ url: shown.url, altText: 'Intake, top side' }]);
    const bids = (await buyer.agent.get(`/api/reverse-auctions/${id}/bids`).expect(200)).body;
    expect(bids[0].images).toEqual([{ url: shown.url, altText: 'Intake, top side' }]);

    t.clock.advance(UNCLAIMED_UPLOAD_LIFETIME_MS + HOUR);
    await t.sql('select graphile_worker.add_job($1)', [DELETE_UNCLAIMED_UPLOADS_TASK]);
    await t.drain();
    const files = await onDisk();
    expect(files).toContain(fileOf(shown.url));
    expect(files).toContain(fileOf(shown.thumbnailUrl));
    expect(files).not.toContain(fileOf(abandoned.url));
    await t.agent().get(shown.url).expect(200);
  });

  it('refuses a photo that is neither an upload nor an http(s) address', async () => {
    const res = await seller.agent.post('/api/reverse-auctions/00000000-0000-4000-8000-000000000000/bids').send({ bidAmount: '10', images: ['javascript:alert(1)'] });
    expect(res.status).toBe(400);
  });
});
