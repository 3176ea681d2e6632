import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';

/** The inbox of a busy user reads a page through its own index, not all of their conversations. */
describe('the inbox of a user with 1,000 conversations', () => {
  let t: TestApp;
  let busy: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    busy = await fastUser(t, 'inbox_busy');
    const other = await fastUser(t, 'inbox_other');
    // 1,000 conversations about 1,000 (unknown) parts, 3 messages each, the busy user's last activity spread over time.
    await t.sql(
      `with c as (
         insert into conversations (related_item_type, related_item_id, part_id, buyer_id, seller_id, subject, created_at, last_message_at)
         select 'part', gen_random_uuid(), null, $1, $2, 'Subject ' || i, now() - make_interval(mins => i), now() - make_interval(mins => i)
           from generate_series(1, 1000) i
         returning id, last_message_at
       ), m as (
         insert into conversation_members (conversation_id, user_id, other_user_id, unread_count, last_message_at)
         select id, $1, $2, 1, last_message_at from c
         union all select id, $2, $1, 0, last_message_at from c
       )
       insert into messages (conversation_id, sender_id, content, created_at)
       select c.id, $2, 'Message ' || k, c.last_message_at - make_interval(secs => 3 - k) from c, generate_series(1, 3) k`,
      [busy.id, other.id],
    );
    await t.sql('analyze conversations; analyze conversation_members; analyze messages');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the latest page with the total, unread counts and last messages', async () => {
    const started = performance.now();
    const res = await busy.agent.get('/api/conversations').query({ limit: 30 }).expect(200);
    const elapsed = performance.now() - started;
    expect(res.headers['x-total-count']).toBe('1000');
    expect(res.body).toHaveLength(30);
    expect(res.body[0]).toMatchObject({ subject: 'Subject 1', unreadCount: 1, lastMessage: { preview: 'Message 3' } });
    expect((await busy.agent.get('/api/messages/unread-count').expect(200)).body).toEqual({ count: 1000 });
    // Generous for a shared test machine; load-tests/ measures the real figure.
    expect(elapsed).toBeLessThan(1000);
  });

  it('reads the page through the inbox index', async () => {
    const [plan] = await t.sql<{ 'QUERY PLAN': unknown }>(
      `explain (format json)
       select m.conversation_id from conversation_members m join conversations c on c.id = m.conversation_id
        where m.user_id = $1 order by m.last_message_at desc, m.conversation_id limit 30`,
      [busy.id],
    );
    const text = JSON.stringify(plan!['QUERY PLAN']);
    expect(text).toContain('conversation_members_inbox_index');
    // The index gives the order itself, so a page stops after its rows instead of sorting all the user's conversations.
    expect(text).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
  });
});
