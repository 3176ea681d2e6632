import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { approveSeller } from '../../../test/sellers.fixtures.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';
import { DELETE_UNCLAIMED_UPLOADS_TASK } from './catalog.tasks.js';
import { UNCLAIMED_UPLOAD_LIFETIME_MS } from './upload-cleanup.service.js';
import { UPLOAD_MESSAGES } from './upload.service.js';

const UPLOAD_LIMIT = 6;
const HOUR = 3600_000;

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: { agent: Agent; id: string; sellerId: string };
let other: { agent: Agent; id: string };
let uploadsDir: string;

const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } }).png().toBuffer();
const upload = async (agent: Agent) => (await agent.post('/api/uploads').attach('file', await png(), 'p.png').expect(201)).body as {
  url: string;
  thumbnailUrl: string;
};
const onDisk = async () => (await readdir(uploadsDir).catch(() => [] as string[])).sort();
const fileOf = (url: string) => url.split('/').pop()!;
/** Runs the cleanup as the worker would: one queued job of the task, drained. */
const runCleanup = async () => {
  await t.sql('select graphile_worker.add_job($1)', [DELETE_UNCLAIMED_UPLOADS_TASK]);
  await t.drain();
};

beforeAll(async () => {
  t = await startTestApp({ UPLOADS_PER_ACCOUNT_PER_HOUR: String(UPLOAD_LIMIT) });
  uploadsDir = t.rt.container.get<Config>(TOKENS.Config).uploadsDir;
  const s = await signedInBuyer(t, { username: 'limit_seller', email: 'limit.seller@example.com' });
  seller = { ...s, sellerId: await approveSeller(t, s.agent) };
  other = await signedInBuyer(t, { username: 'other_seller', email: 'other.seller@example.com' });
  await approveSeller(t, other.agent);
});
afterAll(async () => t?.close());

describe('deleting uploads that nothing claims', () => {
  it('keeps photos a listing or a storefront uses and deletes the others a day after their upload, idempotently', async () => {
    const listed = await upload(seller.agent);
    const logo = await upload(seller.agent);
    const banner = await upload(seller.agent);
    const abandoned = await upload(seller.agent);
    await t.sql(`insert into categories (name, slug, icon) values ('Engine', 'engine', 'engine') on conflict do nothing`);
    await t.sql(`insert into makes (name, slug) values ('Ford', 'ford') on conflict do nothing`);
    await seller.agent
      .post('/api/parts')
      .send({
        title: 'Ford 289 water pump',
        description: 'Rebuilt water pump.',
        price: 60,
        category: 'engine',
        make: 'ford',
        condition: 'rebuilt',
        location: 'Reno, NV',
        images: [{ url: listed.url, altText: 'Water pump' }],
      })
      .expect(201);
    const front = (await t.agent().get(`/api/sellers/${seller.sellerId}/storefront`).expect(200)).body as { id: string };
    await seller.agent.patch(`/api/storefronts/${front.id}`).send({ logo: logo.thumbnailUrl, bannerImage: banner.url }).expect(200);
    const everything = await onDisk();
    expect(everything).toHaveLength(8);

    // Within the day nothing goes, claimed or not.
    t.clock.advance(UNCLAIMED_UPLOAD_LIFETIME_MS - HOUR);
    try {
      await runCleanup();
      expect(await onDisk()).toEqual(everything);
    } finally {
      t.clock.advance(-(UNCLAIMED_UPLOAD_LIFETIME_MS - HOUR));
    }

    t.clock.advance(UNCLAIMED_UPLOAD_LIFETIME_MS + HOUR);
    try {
      await runCleanup();
      const kept = everything.filter((f) => ![fileOf(abandoned.url), fileOf(abandoned.thumbnailUrl)].includes(f));
      expect(await onDisk()).toEqual(kept);
      await t.agent().get(abandoned.url).expect(404);
      await t.agent().get(listed.thumbnailUrl).expect(200);
      await runCleanup();
      expect(await onDisk()).toEqual(kept);
    } finally {
      t.clock.advance(-(UNCLAIMED_UPLOAD_LIFETIME_MS + HOUR));
    }
  });

  it('judges age by the Clock against the file time, so a recent upload survives a late clock', async () => {
    const fresh = await upload(other.agent);
    const old = await upload(other.agent);
    const dayAndHourAgo = new Date(t.clock.now().getTime() - UNCLAIMED_UPLOAD_LIFETIME_MS - HOUR);
    for (const url of [old.url, old.thumbnailUrl]) await utimes(path.join(uploadsDir, fileOf(url)), dayAndHourAgo, dayAndHourAgo);
    await runCleanup();
    const files = await onDisk();
    expect(files).toContain(fileOf(fresh.url));
    expect(files).toContain(fileOf(fresh.thumbnailUrl));
    expect(files).not.toContain(fileOf(old.url));
    expect(files).not.toContain(fileOf(old.thumbnailUrl));
  });
});

describe('upload limit per account', () => {
  it('answers 429 with the usual JSON past the hourly number of uploads, and only for that account', async () => {
    const s = await signedInBuyer(t, { username: 'busy_seller', email: 'busy.seller@example.com' });
    await approveSeller(t, s.agent);
    for (let i = 0; i < UPLOAD_LIMIT; i++) await upload(s.agent);
    const before = await onDisk();
    const refused = await s.agent.post('/api/uploads').attach('file', await png(), 'p.png').expect(429);
    expect(refused.body).toEqual({ message: UPLOAD_MESSAGES.tooMany, code: 'rate_limited' });
    expect(await onDisk()).toEqual(before);
    const calm = await signedInBuyer(t, { username: 'calm_seller', email: 'calm.seller@example.com' });
    await approveSeller(t, calm.agent);
    await upload(calm.agent);
  });
});
