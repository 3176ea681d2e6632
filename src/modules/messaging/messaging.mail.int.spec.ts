import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, partOf, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { UNREAD_MAIL_DELAY_MS } from './conversation.service.js';
import { unreadMailKey } from './messaging.tasks.js';

describe('mail about unread messages', () => {
  let t: TestApp;
  let seller: TestUser;
  let partId: string;

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    seller = await approvedSeller(t, 'mail_seller');
    await t.sql('update sellers set requires_listing_approval = false where user_id = $1', [seller.id]);
    partId = await partOf(seller, { title: 'Weber 48 IDA pair' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const start = (who: TestUser, content: string) =>
    who.agent
      .post('/api/conversations')
      .send({ participantIds: [seller.id], subject: 'Jets?', initialMessage: content, relatedItemId: partId, relatedItemType: 'part' })
      .expect(201);
  /** Makes the keyed job due now (as if its time had come), then runs due jobs. */
  const runKeyed = async (key: string) => {
    const [job] = await t.sql<{ id: string }>('select id from graphile_worker.jobs where key = $1', [key]);
    if (job) await t.sql('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())', [job.id]);
    await t.drain();
  };
  const mailsTo = (email: string) => t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by created_at', [email]);

  it('sends one mail for what arrived in the 10 minutes, by the clock, and never twice for the same messages', async () => {
    const buyer = await fastUser(t, 'mail_buyer');
    const { body: c } = await start(buyer, 'Which jets are fitted?');
    const key = unreadMailKey(c.id, seller.id);
    const [job] = await t.sql<{ run_at: Date }>('select run_at from graphile_worker.jobs where key = $1', [key]);
    expect(new Date(job!.run_at).getTime()).toBe(t.clock.now().getTime() + UNREAD_MAIL_DELAY_MS);

    // Run early (the clock has not moved): nothing is sent, the job waits for its time again.
    await runKeyed(key);
    expect(await mailsTo('mail_seller@example.com')).toEqual([]);
    t.clock.advance(4 * 60_000);
    await buyer.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'And the chokes?' }).expect(201);
    const [kept] = await t.sql<{ run_at: Date }>('select run_at from graphile_worker.jobs where key = $1', [key]);
    expect(new Date(kept!.run_at).getTime()).toBe(new Date(job!.run_at).getTime());

    t.clock.advance(6 * 60_000);
    await runKeyed(key);
    const mails = await mailsTo('mail_seller@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new messages from Fast Bidder: Jets?');
    expect(mails[0]!.text).toContain('> Which jets are fitted?');
    expect(mails[0]!.text).toContain('> And the chokes?');
    expect(mails[0]!.text).toContain(`http://pitlane.test/messages?c=${c.id}`);

    // Running again sends nothing new; the buyer, who has read nothing of the seller's, got no mail either.
    await runKeyed(key);
    expect(await mailsTo('mail_seller@example.com')).toHaveLength(1);
    expect(await mailsTo('mail_buyer@example.com')).toEqual([]);
  });

  it('sends nothing when the recipient read the messages in time', async () => {
    const buyer = await fastUser(t, 'mail_reader');
    const { body: c } = await start(buyer, 'Still for sale?');
    const before = (await mailsTo('mail_seller@example.com')).length;
    t.clock.advance(3 * 60_000);
    await seller.agent.put(`/api/conversations/${c.id}/read`).expect(200);
    t.clock.advance(UNREAD_MAIL_DELAY_MS);
    await runKeyed(unreadMailKey(c.id, seller.id));
    expect(await mailsTo('mail_seller@example.com')).toHaveLength(before);
  });

  it('sends nothing to a recipient who turned message mail off, and nothing later when they turn it back on', async () => {
    const quiet = await fastUser(t, 'mail_quiet');
    await quiet.agent.patch('/api/account/preferences').send({ messageEmails: false }).expect(200);
    const { body: c } = await quiet.agent
      .post('/api/conversations')
      .send({ participantIds: [seller.id], subject: 'Floats?', initialMessage: 'Which floats?', relatedItemId: partId, relatedItemType: 'part' })
      .expect(201);
    await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Brass ones.' }).expect(201);
    const key = unreadMailKey(c.id, quiet.id);
    t.clock.advance(UNREAD_MAIL_DELAY_MS);
    await runKeyed(key);
    expect(await mailsTo('mail_quiet@example.com')).toEqual([]);
    // The notice was handled: turning mail back on sends nothing about these messages.
    const [member] = await t.sql<{ seq: string }>('select mailed_through_seq as seq from conversation_members where conversation_id = $1 and user_id = $2', [c.id, quiet.id]);
    expect(Number(member!.seq)).toBeGreaterThan(0);
    await quiet.agent.patch('/api/account/preferences').send({ messageEmails: true }).expect(200);
    await runKeyed(key);
    expect(await mailsTo('mail_quiet@example.com')).toEqual([]);
  });
});
