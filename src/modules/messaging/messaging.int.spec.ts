import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller, requestForm } from '../../../test/reverse.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { MESSAGING_MESSAGES } from './messaging.schemas.js';
import { MESSAGES_PER_MINUTE } from './messaging.routes.js';

describe('messaging', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let partId: string;

  const start = (who: TestUser, overrides: Record<string, unknown> = {}) =>
    who.agent.post('/api/conversations').send({
      participantIds: [seller.id],
      subject: 'Is this the 915 or the G50 bearing?',
      initialMessage: 'Hi, which gearbox is this bearing for?',
      relatedItemId: partId,
      relatedItemType: 'part',
      ...overrides,
    });

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    seller = await approvedSeller(t, 'msg_seller');
    await t.sql('update sellers set requires_listing_approval = false where user_id = $1', [seller.id]);
    await t.sql(`update users set first_name = 'Stuttgart', last_name = 'Classics' where id = $1`, [seller.id]);
    partId = await partOf(seller, { title: 'G50 input shaft bearing', partNumber: '950.302.108.00' });
    buyer = await fastUser(t, 'msg_buyer');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/conversations', () => {
    it('starts a conversation about a visible part with its seller (201)', async () => {
      const res = await start(buyer).expect(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        subject: 'Is this the 915 or the G50 bearing?',
        counterpart: { id: seller.id, displayName: 'msg_seller parts' },
        relatedItem: { type: 'part', id: partId, title: 'G50 input shaft bearing', price: '2400.00', availability: 'available' },
        lastMessage: { preview: 'Hi, which gearbox is this bearing for?', senderId: buyer.id },
        unreadCount: 0,
        blockedByMe: false,
        blockedMe: false,
      });
      const [row] = await t.sql('select buyer_id, seller_id, part_id from conversations where id = $1', [res.body.id]);
      expect(row).toEqual({ buyer_id: buyer.id, seller_id: seller.id, part_id: partId });
    });

    it('continues the first conversation about the same item instead of opening a duplicate', async () => {
      const other = await fastUser(t, 'msg_dup');
      const first = await start(other).expect(201);
      const second = await start(other, { subject: 'Another subject', initialMessage: 'Me again' }).expect(201);
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.subject).toBe(first.body.subject);
      const messages = await other.agent.get(`/api/conversations/${first.body.id}/messages`).expect(200);
      expect(messages.body.map((m: { content: string }) => m.content)).toEqual(['Hi, which gearbox is this bearing for?', 'Me again']);
    });

    it('trims subject and message and requires both', async () => {
      for (const body of [{ subject: '   ' }, { initialMessage: ' \n ' }, { subject: undefined }]) {
        const res = await start(buyer, body).expect(400);
        expect(res.body.message).toBe(MESSAGING_MESSAGES.required);
      }
      const trimmed = await start(await fastUser(t, 'msg_trim'), { subject: '  Spaces  ', initialMessage: '  Hello  ' }).expect(201);
      expect(trimmed.body.subject).toBe('Spaces');
      expect(trimmed.body.lastMessage.preview).toBe('Hello');
    });

    it('needs exactly one other participant who exists, never yourself', async () => {
      expect((await start(buyer, { participantIds: [] }).expect(400)).body.errors.participantIds).toBe(MESSAGING_MESSAGES.oneParticipant);
      await start(buyer, { participantIds: [seller.id, buyer.id] }).expect(400);
      const self = await start(seller, { participantIds: [seller.id] }).expect(400);
      expect(self.body.message).toBe(MESSAGING_MESSAGES.yourself);
      await start(buyer, { participantIds: ['00000000-0000-4000-8000-000000000000'] }).expect(400);
      // Someone who is neither the seller nor the sender.
      const stranger = await fastUser(t, 'msg_stranger');
      expect((await start(buyer, { participantIds: [stranger.id] }).expect(400)).body.message).toBe('Messages about this item go to its seller');
    });

    it('answers 404 for an unknown item or one the sender may not see, and 401 signed out', async () => {
      await start(buyer, { relatedItemId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      const hidden = await partOf(seller, { title: 'Withdrawn part' });
      await t.sql('update parts set is_active = false where id = $1', [hidden]);
      expect((await start(buyer, { relatedItemId: hidden }).expect(404)).body.message).toBe('Part not found');
      await t.agent().post('/api/conversations').send({}).expect(401);
      await start(buyer, { relatedItemType: 'car' }).expect(400);
    });

    it('works for auctions (with their seller) and wanted requests (with their buyer)', async () => {
      const auctionPart = await partOf(seller, { title: 'Auction part' });
      const auction = await seller.agent.post('/api/auctions').send(auctionForm(t, auctionPart)).expect(201);
      const a = await start(buyer, { relatedItemType: 'auction', relatedItemId: auction.body.id }).expect(201);
      expect(a.body.relatedItem).toMatchObject({ type: 'auction', id: auction.body.id, price: '100.00', availability: 'scheduled' });

      const request = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t)).expect(201);
      const r = await start(seller, { participantIds: [buyer.id], relatedItemType: 'reverse_auction', relatedItemId: request.body.id }).expect(201);
      expect(r.body.counterpart.id).toBe(buyer.id);
      const [row] = await t.sql('select buyer_id, seller_id from conversations where id = $1', [r.body.id]);
      expect(row).toEqual({ buyer_id: buyer.id, seller_id: seller.id });
    });
  });

  describe('threads', () => {
    it('lets participants only read a thread, oldest first, paging backwards; others get 404', async () => {
      const reader = await fastUser(t, 'msg_reader');
      const { body: c } = await start(reader).expect(201);
      for (let i = 1; i <= 4; i++) await reader.agent.post(`/api/conversations/${c.id}/messages`).send({ content: `Message ${i}` }).expect(201);
      const latest = await seller.agent.get(`/api/conversations/${c.id}/messages`).query({ limit: 3 }).expect(200);
      expect(latest.headers['x-total-count']).toBe('5');
      expect(latest.body.map((m: { content: string }) => m.content)).toEqual(['Message 2', 'Message 3', 'Message 4']);
      const earlier = await seller.agent.get(`/api/conversations/${c.id}/messages`).query({ limit: 3, before: latest.body[0].id }).expect(200);
      expect(earlier.body.map((m: { content: string }) => m.content)).toEqual(['Hi, which gearbox is this bearing for?', 'Message 1']);

      const outsider = await fastUser(t, 'msg_outsider');
      expect((await outsider.agent.get(`/api/conversations/${c.id}/messages`).expect(404)).body.message).toBe('Conversation not found');
      await outsider.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Let me in' }).expect(404);
      await outsider.agent.put(`/api/conversations/${c.id}/read`).expect(404);
      await outsider.agent.get('/api/conversations/00000000-0000-4000-8000-000000000000/messages').expect(404);
    });

    it('trims a message and refuses an empty or too long one', async () => {
      const { body: c } = await start(await fastUser(t, 'msg_len')).expect(201);
      const ok = await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: '  Yes, it is the G50.  ' }).expect(201);
      expect(ok.body).toMatchObject({ content: 'Yes, it is the G50.', senderId: seller.id, isRead: false, warnings: [] });
      expect((await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: '  ' }).expect(400)).body.errors).toEqual({
        content: MESSAGING_MESSAGES.content,
      });
      await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'x'.repeat(5000) }).expect(201);
      expect((await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'x'.repeat(5001) }).expect(400)).body.errors.content).toBe(
        MESSAGING_MESSAGES.messageLength,
      );
    });

    it('counts unread messages per conversation and in total, and marks them read', async () => {
      const reader = await fastUser(t, 'msg_unread');
      const { body: c } = await start(reader).expect(201);
      await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'One' }).expect(201);
      await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Two' }).expect(201);
      expect((await reader.agent.get('/api/messages/unread-count').expect(200)).body).toEqual({ count: 2 });
      const list = await reader.agent.get('/api/conversations').expect(200);
      expect(list.body[0]).toMatchObject({ id: c.id, unreadCount: 2, lastMessage: { preview: 'Two', senderId: seller.id } });
      expect((await reader.agent.put(`/api/conversations/${c.id}/read`).expect(200)).body).toEqual({ conversationId: c.id, unreadCount: 0 });
      expect((await reader.agent.get('/api/messages/unread-count').expect(200)).body).toEqual({ count: 0 });
      const thread = await reader.agent.get(`/api/conversations/${c.id}/messages`).expect(200);
      expect(thread.body.filter((m: { senderId: string }) => m.senderId === seller.id).every((m: { isRead: boolean }) => m.isRead)).toBe(true);
      // The reader's own message stays unread until the seller reads it.
      expect(thread.body[0].isRead).toBe(false);
      await t.agent().get('/api/messages/unread-count').expect(401);
    });

    it('lists conversations latest activity first with X-Total-Count and paging', async () => {
      const inbox = await fastUser(t, 'msg_inbox');
      const parts = [await partOf(seller, { title: 'Part A' }), await partOf(seller, { title: 'Part B' }), await partOf(seller, { title: 'Part C' })];
      const ids: string[] = [];
      for (const id of parts) {
        ids.push((await start(inbox, { relatedItemId: id }).expect(201)).body.id);
        t.clock.advance(1000);
      }
      await seller.agent.post(`/api/conversations/${ids[0]}/messages`).send({ content: 'Newest activity' }).expect(201);
      const all = await inbox.agent.get('/api/conversations').expect(200);
      expect(all.headers['x-total-count']).toBe('3');
      expect(all.body.map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
      expect(all.body[1].relatedItem.title).toBe('Part C');
      const page = await inbox.agent.get('/api/conversations').query({ limit: 1, offset: 1 }).expect(200);
      expect(page.body.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
      await t.agent().get('/api/conversations').expect(401);
    });

    it('rate limits sending per user with a 429', async () => {
      const chatty = await fastUser(t, 'msg_chatty');
      const { body: c } = await start(chatty).expect(201);
      for (let i = 1; i < MESSAGES_PER_MINUTE; i++) await chatty.agent.post(`/api/conversations/${c.id}/messages`).send({ content: `m${i}` }).expect(201);
      const res = await chatty.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'one too many' }).expect(429);
      expect(res.body).toMatchObject({ message: MESSAGING_MESSAGES.rateLimited, code: 'rate_limited' });
      // Another user is not held back.
      await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Slow down' }).expect(201);
    });
  });

  describe('trust and safety', () => {
    it('delivers off-platform contact and payment with a warning and flags the conversation', async () => {
      const sender = await fastUser(t, 'msg_offplatform');
      const { body: c } = await start(sender).expect(201);
      const [clean] = await t.sql('select flagged_at, review_status from conversations where id = $1', [c.id]);
      expect(clean).toEqual({ flagged_at: null, review_status: null });
      const res = await seller.agent
        .post(`/api/conversations/${c.id}/messages`)
        .send({ content: 'Cheaper off the site: pay by Zelle, call me on (313) 555-0142 or mail joe@example.com' })
        .expect(201);
      expect(res.body.warnings).toEqual(['email', 'phone', 'off_platform_payment']);
      const thread = await sender.agent.get(`/api/conversations/${c.id}/messages`).expect(200);
      expect(thread.body.at(-1).warnings).toEqual(['email', 'phone', 'off_platform_payment']);
      const [flagged] = await t.sql('select flagged_at, review_status from conversations where id = $1', [c.id]);
      expect(flagged!.review_status).toBe('open');
      expect(flagged!.flagged_at).not.toBeNull();
    });

    it('lets either participant block the other: no more messages either way, until unblocked', async () => {
      const blocker = await fastUser(t, 'msg_blocker');
      const { body: c } = await start(blocker).expect(201);
      const blocked = await blocker.agent.post(`/api/conversations/${c.id}/block`).expect(200);
      expect(blocked.body).toMatchObject({ blockedByMe: true, blockedMe: false });
      expect((await seller.agent.get('/api/conversations').expect(200)).body.find((x: { id: string }) => x.id === c.id)).toMatchObject({ blockedMe: true });
      const refused = await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Hello?' }).expect(403);
      expect(refused.body.message).toBe(MESSAGING_MESSAGES.blocked);
      await blocker.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Me neither' }).expect(403);
      // A new conversation about another item is refused as well.
      const other = await partOf(seller, { title: 'Another part' });
      await start(blocker, { relatedItemId: other }).expect(403);
      await blocker.agent.delete(`/api/conversations/${c.id}/block`).expect(200);
      await seller.agent.post(`/api/conversations/${c.id}/messages`).send({ content: 'Hello again' }).expect(201);
      await (await fastUser(t, 'msg_nosy')).agent.post(`/api/conversations/${c.id}/block`).expect(404);
    });

    it('lets a participant report a conversation with a reason', async () => {
      const reporter = await fastUser(t, 'msg_reporter');
      const { body: c } = await start(reporter).expect(201);
      expect((await reporter.agent.post(`/api/conversations/${c.id}/report`).send({ reason: ' ' }).expect(400)).body.errors.reason).toBe(
        MESSAGING_MESSAGES.reason,
      );
      const res = await reporter.agent.post(`/api/conversations/${c.id}/report`).send({ reason: 'Asked me to pay by wire' }).expect(201);
      expect(res.body).toMatchObject({ conversationId: c.id, reason: 'Asked me to pay by wire' });
      const [row] = await t.sql('select review_status from conversations where id = $1', [c.id]);
      expect(row!.review_status).toBe('open');
      await (await fastUser(t, 'msg_nosy2')).agent.post(`/api/conversations/${c.id}/report`).send({ reason: 'x' }).expect(404);
    });
  });

  describe('the console: reported conversations', () => {
    it('lists flagged and reported conversations for admins, shows their messages and reports, and records the decision', async () => {
      const flaggedBy = await fastUser(t, 'msg_console_a');
      const { body: flagged } = await start(flaggedBy, { initialMessage: 'Pay me with Zelle instead' }).expect(201);
      const reporter = await fastUser(t, 'msg_console_b');
      const { body: reported } = await start(reporter).expect(201);
      await reporter.agent.post(`/api/conversations/${reported.id}/report`).send({ reason: 'Rude seller' }).expect(201);
      const { body: quiet } = await start(await fastUser(t, 'msg_console_c')).expect(201);

      await t.agent().get('/api/admin/reported-conversations').expect(401);
      await buyer.agent.get('/api/admin/reported-conversations').expect(403);
      const admin = await quickUser(t, 'msg_admin', 'admin');
      const list = await admin.agent.get('/api/admin/reported-conversations').query({ filter: JSON.stringify({ reviewStatus: 'open' }) }).expect(200);
      expect(list.headers['content-range']).toMatch(/^reported-conversations 0-\d+\/\d+$/);
      const ids = list.body.map((c: { id: string }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([flagged.id, reported.id]));
      expect(ids).not.toContain(quiet.id);
      expect(list.body.find((c: { id: string }) => c.id === reported.id)).toMatchObject({ reports: 1, latestReason: 'Rude seller', buyerName: 'msg_console_b', sellerName: 'msg_seller' });

      const shown = await admin.agent.get(`/api/admin/reported-conversations/${flagged.id}`).expect(200);
      expect(shown.body).toMatchObject({ reviewStatus: 'open', flaggedMessages: 1, reports: 0 });
      expect(shown.body.messages[0]).toMatchObject({ content: 'Pay me with Zelle instead', warnings: ['off_platform_payment'], senderName: 'msg_console_a' });
      await admin.agent.get(`/api/admin/reported-conversations/${quiet.id}`).expect(404);

      const dismissed = await admin.agent.put(`/api/admin/reported-conversations/${flagged.id}`).send({ ...shown.body, reviewStatus: 'dismissed' }).expect(200);
      expect(dismissed.body.reviewStatus).toBe('dismissed');
      const open = await admin.agent.get('/api/admin/reported-conversations').query({ filter: JSON.stringify({ reviewStatus: 'open' }) }).expect(200);
      expect(open.body.map((c: { id: string }) => c.id)).not.toContain(flagged.id);
      await admin.agent.put(`/api/admin/reported-conversations/${flagged.id}`).send({ reviewStatus: 'closed' }).expect(400);
      await admin.agent.delete(`/api/admin/reported-conversations/${flagged.id}`).expect(405);
      await admin.agent.get('/api/admin/reported-conversations').query({ sort: JSON.stringify(['content', 'ASC']) }).expect(400);
    });
  });

  describe('POST /api/messaging/generate-templates', () => {
    it("composes 3-5 suggestions from the stored item and the buyer's location", async () => {
      await t.sql(`update users set location = 'Oslo', country = 'Norway' where id = $1`, [buyer.id]);
      const res = await buyer.agent
        .post('/api/messaging/generate-templates')
        .send({ itemType: 'part', itemId: partId, itemTitle: 'Something else', price: '2400.00', sellerName: 'Stuttgart Classics', buyerContext: 'general-inquiry' })
        .expect(200);
      const templates = res.body.templates as { category: string; subject: string; message: string; tone: string }[];
      expect(templates.length).toBeGreaterThanOrEqual(3);
      expect(templates.length).toBeLessThanOrEqual(5);
      expect(templates[0]!.message).toContain('G50 input shaft bearing (part number 950.302.108.00)');
      expect(templates.find((x) => x.category === 'Shipping')!.subject).toContain('to Oslo, Norway');
      for (const x of templates) expect(['professional', 'casual', 'enthusiastic', 'other']).toContain(x.tone);
    });

    it('works from the facts the client sends when no item is named', async () => {
      const res = await t.agent().post('/api/messaging/generate-templates').send({ itemType: 'auction', itemTitle: 'Weber 48 IDA' }).expect(200);
      expect(res.body.templates[0].subject).toBe('Is the Weber 48 IDA still available?');
    });
  });
});
