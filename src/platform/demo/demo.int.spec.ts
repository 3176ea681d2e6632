import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { modules } from '../../modules.js';
import { applyReferenceData } from '../reference-data.js';
import { HOUSE_ACCOUNT } from './demo.js';
import { DEMO_ADMIN_MESSAGE } from './demo.admin-routes.js';
import { DEMO_BUSY_MESSAGE } from './demo-runs.js';
import { clearDemo, seedDemo } from './demo.runner.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let realSeller: TestUser;
const PARTS = 40;

beforeAll(async () => {
  t = await startTestApp();
  admin = await quickUser(t, 'demo_admin', 'admin');
  buyer = await quickUser(t, 'demo_buyer');
  realSeller = await approvedSeller(t, 'real_seller');
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

  it('posts wanted requests from demo buyers in every state, quoted by demo sellers as the module would', async () => {
    const now = t.clock.now().toISOString();
    const requests = await t.sql<{ state: string; n: number }>(
      `select case when status = 'scheduled' then 'scheduled'
                   when status = 'active' and end_time < $1::timestamptz + interval '1 hour' then 'ending soon'
                   when status = 'active' and total_bids > 1 then 'active with quotes'
                   when status = 'ended' and award_status = 'awarded' then 'ended awarded'
                   when status = 'ended' and award_status = 'unawarded' then 'ended unawarded' end as state,
              count(*)::int as n
         from reverse_auctions group by 1`,
      [now],
    );
    expect(requests.map((r) => r.state).sort()).toEqual(['active with quotes', 'ended awarded', 'ended unawarded', 'ending soon', 'scheduled']);
    // Posted by demo buyers, quoted by approved demo sellers, about makes of the reference data.
    const [people] = await t.sql<{ buyers: number; strangers: number; unknownMakes: number }>(
      `select (select count(distinct buyer_id)::int from reverse_auctions) as buyers,
              (select count(*)::int from reverse_auction_bids q where not exists (
                 select 1 from sellers s where s.user_id = q.seller_id and s.status = 'approved')) as strangers,
              (select count(*)::int from reverse_auctions r where not exists (select 1 from makes m where m.name = r.make)) as "unknownMakes"`,
    );
    expect(people).toMatchObject({ strangers: 0, unknownMakes: 0 });
    expect(people!.buyers).toBeGreaterThan(3);
    // currentLowestBid, totalBids and watchers equal their tables; an award names one of the request's quotes.
    const drift = await t.sql(
      `select r.id from reverse_auctions r
         left join lateral (select min(bid_amount) as low, count(*)::int as n, count(*) filter (where is_winning)::int as wins
                              from reverse_auction_bids q where q.reverse_auction_id = r.id) q on true
        where r.current_lowest_bid is distinct from q.low or r.total_bids <> q.n
           or r.watchers <> (select count(*) from auction_watchers w where w.reverse_auction_id = r.id)
           or (r.award_status = 'awarded') <> (q.wins = 1)
           or (r.winning_bid_id is not null and not exists (
                 select 1 from reverse_auction_bids w where w.id = r.winning_bid_id and w.is_winning and w.seller_id = r.winning_bidder_id))`,
    );
    expect(drift).toEqual([]);
    // Each quote at least the decrement under the one before it.
    const steps = await t.sql(
      `select 1 from (select bid_amount, lag(bid_amount) over (partition by reverse_auction_id order by seq) as prev, r.min_bid_decrement
                        from reverse_auction_bids q join reverse_auctions r on r.id = q.reverse_auction_id) x
        where prev is not null and bid_amount > prev - min_bid_decrement`,
    );
    expect(steps).toEqual([]);
    const active = await t.agent().get('/api/reverse-auctions?status=active&limit=50').expect(200);
    expect(active.body.length).toBeGreaterThan(0);
    expect(active.body.map((r: { title: string }) => r.title).join('\n')).toMatch(/\w/);
    const [quoted] = await t.sql<{ id: string; total_bids: number }>(`select id, total_bids from reverse_auctions where status = 'active' and total_bids > 1 limit 1`);
    await t.agent().get(`/api/reverse-auctions/${quoted!.id}/bids`).expect(200).expect((res) => expect(res.body).toHaveLength(quoted!.total_bids));
  });

  it('starts conversations between demo buyers and sellers about parts, auctions and requests, some unread', async () => {
    const topics = await t.sql<{ related_item_type: string }>('select distinct related_item_type from conversations order by 1');
    expect(topics.map((r) => r.related_item_type)).toEqual(['auction', 'part', 'reverse_auction']);
    // Every conversation has two members, a few messages from both (a fitment question and its answer, the garage's,
    // are two), and unread counts equal to the messages table.
    const drift = await t.sql(
      `select m.conversation_id from conversation_members m join conversations c on c.id = m.conversation_id
        where m.user_id not in (c.buyer_id, c.seller_id) or m.other_user_id not in (c.buyer_id, c.seller_id) or m.user_id = m.other_user_id
           or m.unread_count <> (select count(*) from messages x where x.conversation_id = c.id and x.sender_id <> m.user_id and not x.is_read)
           or m.last_message_at <> c.last_message_at
           or c.last_message_at <> (select max(created_at) from messages x where x.conversation_id = c.id)`,
    );
    expect(drift).toEqual([]);
    const [shape] = await t.sql<{ conversations: number; members: number; thin: number; unread: number; flagged: number; reports: number }>(
      `select (select count(*)::int from conversations) as conversations, (select count(*)::int from conversation_members) as members,
              (select count(*)::int from conversations c where (select count(distinct sender_id) from messages x where x.conversation_id = c.id) < 2
                 or (select count(*) from messages x where x.conversation_id = c.id) < 3
                    and not exists (select 1 from messages x where x.conversation_id = c.id and x.fitment_question_id is not null)) as thin,
              (select count(*)::int from conversation_members where unread_count > 0) as unread,
              (select count(*)::int from conversations where review_status = 'open' and flagged_at is not null) as flagged,
              (select count(*)::int from conversation_reports) as reports`,
    );
    expect(shape).toMatchObject({ members: shape!.conversations * 2, thin: 0, flagged: 1, reports: 1 });
    expect(shape!.conversations).toBeGreaterThanOrEqual(3);
    expect(shape!.unread).toBeGreaterThan(0);
  });

  it('adds nothing the second time', async () => {
    const seeded = await tableCounts();
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: PARTS }));
    expect(summary.join('\n')).toMatch(/catalog: parts: 0 added/);
    expect(summary.join('\n')).toMatch(/reverse: wanted requests: 0 added/);
    expect(summary.join('\n')).toMatch(/messaging: conversations: 0 added/);
    expect(await tableCounts()).toEqual(seeded);
  }, 60_000);

  it('removes exactly the demo data, a real bid on a demo auction and a real quote on a demo request with it (mailing both), and the photos', async () => {
    const [auction] = await t.sql<{ id: string; current_bid: string; bid_increment: string; title: string }>(
      `select id, current_bid, bid_increment, title from auctions where status = 'active' order by end_time desc limit 1`,
    );
    const bid = Number(auction!.current_bid) + Number(auction!.bid_increment) * 3;
    await buyer.agent.post(`/api/auctions/${auction!.id}/bids`).send({ bidAmount: bid }).expect((res) => expect(res.status).toBeLessThan(300));
    const [request] = await t.sql<{ id: string; current_lowest_bid: string; min_bid_decrement: string; title: string }>(
      `select id, current_lowest_bid, min_bid_decrement, title from reverse_auctions where status = 'active' and total_bids > 0 order by end_time desc limit 1`,
    );
    const quote = (Number(request!.current_lowest_bid) - Number(request!.min_bid_decrement)).toFixed(2);
    await realSeller.agent.post(`/api/reverse-auctions/${request!.id}/bids`).send({ bidAmount: quote }).expect(201);
    await t.drain();
    const mailsBefore = (await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n;

    const summary = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(summary.join('\n')).toMatch(/1 real bidder mailed/);
    expect(summary.join('\n')).toMatch(/1 real seller mailed/);
    await t.drain();

    // Everything as before the demo, but the mails telling the real bidder and seller their bid and quote went with the demo.
    expect(await tableCounts(['mail_outbox'])).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'mail_outbox')));
    const mails = await t.sql<{ to: string; subject: string; text: string }>('select "to", subject, text from mail_outbox order by created_at');
    expect(mails.length).toBe(mailsBefore + 2);
    const removed = mails.slice(-2);
    const bidMail = removed.find((m) => m.subject === 'A demo auction you bid on has been removed');
    expect(bidMail).toMatchObject({ to: 'demo_buyer@example.com' });
    expect(bidMail!.text).toContain(auction!.title);
    const quoteMail = removed.find((m) => m.subject === 'A demo wanted request you quoted on has been removed');
    expect(quoteMail).toMatchObject({ to: 'real_seller@example.com' });
    expect(quoteMail!.text).toContain(request!.title);
    expect(await t.sql('select id from users where id = $1', [realSeller.id])).toHaveLength(1);
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
