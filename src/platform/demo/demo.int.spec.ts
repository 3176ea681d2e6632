import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { modules } from '../../modules.js';
import { applyReferenceData } from '../reference-data.js';
import { HOUSE_ACCOUNT } from './demo.js';
import { DEMO_ADMIN_MESSAGE } from './demo.admin-routes.js';
import { DEMO_BUSY_MESSAGE } from './demo-runs.js';
import { clearDemo, seedDemo } from './demo.runner.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
const PARTS = 40;

beforeAll(async () => {
  t = await startTestApp();
  admin = await quickUser(t, 'demo_admin', 'admin');
  buyer = await quickUser(t, 'demo_buyer');
  await applyReferenceData(t.rt.container, modules); // as every start does
}, 60_000);
afterAll(() => t?.close());

/** Rows per table of the public schema (the product's data; graphile-worker's queue lives in its own schema). */
async function tableCounts(except: string[] = []): Promise<Record<string, number>> {
  const tables = await t.sql<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> all($1::text[]) order by tablename`,
    [['mikro_orm_migrations', 'demo_runs', ...except]],
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await t.sql<{ n: number }>(`select count(*)::int as n from "${name}"`))[0]!.n;
  return counts;
}

const uploadFile = (url: string) => path.join(t.rt.config.uploadsDir, url.split('/').at(-1)!);

describe('seed-demo and clear-demo', () => {
  let before: Record<string, number>;
  let photos: string[];

  it('fills the marketplace: the house account, a dozen sellers, parts over every category, auctions in every state', async () => {
    before = await tableCounts();
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: PARTS }));
    expect(summary.join('\n')).toMatch(/catalog: parts: 40 added/);

    const house = await t.agent().get(`/api/parts?sellerId=${HOUSE_ACCOUNT.alias}&limit=100`).expect(200);
    expect(house.body.length).toBeGreaterThanOrEqual(PARTS / 5 - 2);
    expect(house.body.every((p: { sellerId: string }) => p.sellerId === HOUSE_ACCOUNT.id)).toBe(true);

    const [{ n: sellers }] = await t.sql<{ n: number }>(`select count(*)::int as n from sellers s join storefronts f on f.seller_id = s.id where s.status = 'approved'`);
    expect(sellers).toBe(13);
    const storefront = await t.agent().get(`/api/storefronts/slug/${HOUSE_ACCOUNT.storefrontSlug}`).expect(200);
    expect(storefront.body).toMatchObject({ slug: HOUSE_ACCOUNT.storefrontSlug, userId: HOUSE_ACCOUNT.id });
    const [{ n: reviews }] = await t.sql<{ n: number }>('select count(*)::int as n from seller_reviews');
    expect(reviews).toBeGreaterThan(13);
    const [{ n: badges }] = await t.sql<{ n: number }>('select count(*)::int as n from user_badges');
    expect(badges).toBeGreaterThanOrEqual(13);

    const categories = await t.sql<{ n: number; all: number }>(
      'select count(distinct category)::int as n, (select count(*)::int from categories) as all from parts',
    );
    expect(categories[0]!.n).toBe(categories[0]!.all);
    const [{ n: makes }] = await t.sql<{ n: number }>('select count(distinct make)::int as n from parts');
    expect(makes).toBeGreaterThanOrEqual(8);

    const parts = await t.sql<{ images: Array<{ url: string }>; part_number: string; price: string }>('select images, part_number, price from parts');
    photos = parts.map((p) => p.images[0]!.url);
    expect(new Set(photos).size).toBe(parts.length);
    for (const url of photos) expect(existsSync(uploadFile(url))).toBe(true);
    expect(parts.every((p) => p.part_number && Number(p.price) > 0)).toBe(true);

    const states = await t.sql<{ state: string }>(
      `select case when status = 'scheduled' then 'scheduled'
                   when status = 'active' and end_time < now() + interval '1 hour' then 'ending soon'
                   when status = 'active' and total_bids > 0 then 'active with bids'
                   when status = 'ended' and winner_id is not null then 'ended with a winner'
                   when status = 'ended' then 'ended unsold' end as state
         from auctions group by 1`,
    );
    expect(states.map((s) => s.state).sort()).toEqual(['active with bids', 'ended unsold', 'ended with a winner', 'ending soon', 'scheduled']);
  }, 120_000);

  it('adds nothing the second time', async () => {
    const seeded = await tableCounts();
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: PARTS }));
    expect(summary.join('\n')).toMatch(/catalog: parts: 0 added/);
    expect(await tableCounts()).toEqual(seeded);
  }, 60_000);

  it('removes exactly the demo data, a real bid on a demo auction with it (mailing its bidder), and the photos', async () => {
    const [auction] = await t.sql<{ id: string; current_bid: string; bid_increment: string; title: string }>(
      `select id, current_bid, bid_increment, title from auctions where status = 'active' order by end_time desc limit 1`,
    );
    const bid = Number(auction!.current_bid) + Number(auction!.bid_increment) * 3;
    await buyer.agent.post(`/api/auctions/${auction!.id}/bids`).send({ bidAmount: bid }).expect((res) => expect(res.status).toBeLessThan(300));
    await t.drain();
    const mailsBefore = (await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n;

    const summary = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(summary.join('\n')).toMatch(/1 real bidder mailed/);
    await t.drain();

    // Everything as before the demo, but the one mail telling the real bidder their bid went with the demo.
    expect(await tableCounts(['mail_outbox'])).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'mail_outbox')));
    const mails = await t.sql<{ to: string; subject: string; text: string }>('select "to", subject, text from mail_outbox order by created_at');
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toMatchObject({ to: 'demo_buyer@example.com', subject: 'A demo auction you bid on has been removed' });
    expect(mails.at(-1)!.text).toContain(auction!.title);
    expect(await t.sql('select id from users where id = $1', [buyer.id])).toHaveLength(1);
    for (const url of photos) expect(existsSync(uploadFile(url))).toBe(false);
    await t.agent().get(`/api/parts?sellerId=${HOUSE_ACCOUNT.alias}`).expect(200, []);
  }, 60_000);
});

describe('POST /api/admin/seed-demo and DELETE /api/admin/clear-demo', () => {
  it("answer 401 with the spec's message to visitors and to signed-in users who are not admins", async () => {
    for (const agent of [t.agent(), buyer.agent]) {
      const seed = await agent.post('/api/admin/seed-demo').send({}).expect(401);
      expect(seed.body.message).toBe(DEMO_ADMIN_MESSAGE);
      const clear = await agent.delete('/api/admin/clear-demo').expect(401);
      expect(clear.body.message).toBe(DEMO_ADMIN_MESSAGE);
    }
    await buyer.agent.get('/api/admin/demo').expect(403);
    await t.agent().get('/api/admin/demo').expect(401);
  });

  it('refuse a size out of range', async () => {
    const res = await admin.agent.post('/api/admin/seed-demo').send({ parts: 0 }).expect(400);
    expect(res.body.errors.parts).toMatch(/Parts must be a whole number/);
  });

  it('run as a job whose progress and summary the console polls, one run at a time', async () => {
    const queued = await admin.agent.post('/api/admin/seed-demo').send({ parts: 20 }).expect(202);
    expect(queued.body).toMatchObject({ action: 'seed', status: 'queued', parts: 20 });
    const busy = await admin.agent.delete('/api/admin/clear-demo').expect(409);
    expect(busy.body.message).toBe(DEMO_BUSY_MESSAGE);
    await t.drain();
    const done = await admin.agent.get(`/api/admin/demo/runs/${queued.body.id}`).expect(200);
    expect(done.body).toMatchObject({ status: 'succeeded', percent: 100 });
    expect(done.body.summary.join('\n')).toMatch(/parts: 20 added/);
    const status = await admin.agent.get('/api/admin/demo').expect(200);
    expect(status.body.records['catalog.part']).toBe(20);
    expect(status.body.house).toMatchObject({ alias: 'house-account-user', storefrontPath: '/storefront/pitlane-house' });
    const parts = await t.agent().get('/api/parts?sellerId=house-account-user&limit=6').expect(200);
    expect(parts.body.length).toBeGreaterThan(0);

    const clearing = await admin.agent.delete('/api/admin/clear-demo').expect(202);
    await t.drain();
    await admin.agent.get(`/api/admin/demo/runs/${clearing.body.id}`).expect(200).expect((res) => expect(res.body.status).toBe('succeeded'));
    expect((await admin.agent.get('/api/admin/demo').expect(200)).body.records).toEqual({});
  }, 120_000);
});
