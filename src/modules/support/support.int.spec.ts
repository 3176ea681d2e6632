import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { CONTACT_MESSAGES } from './contact-request.schemas.js';

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carroll Shelby',
  email: 'carroll@example.com',
  topic: 'buying',
  subject: 'Does the GT350 manifold fit a 1966 car?',
  message: 'The listing says 1965 only. Is that right, or does it fit the 1966 cars too?',
  ...overrides,
});

describe('contact requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SUPPORT_EMAIL: 'help@pitlane.test' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a visitor request (201) and mails it to support after commit', async () => {
    const res = await t.agent().post('/api/contact-requests').send(request()).expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      userId: null,
      name: 'Carroll Shelby',
      email: 'carroll@example.com',
      topic: 'buying',
      status: 'open',
      handledAt: null,
    });
    const [row] = await t.sql('select * from contact_requests where id = $1', [res.body.id]);
    expect(row).toMatchObject({ subject: 'Does the GT350 manifold fit a 1966 car?', status: 'open' });

    await t.drain();
    const mails = await t.sql<{ to: string; subject: string; text: string }>('select "to", subject, text from mail_outbox');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('help@pitlane.test');
    expect(mails[0]!.subject).toBe('Contact request: Does the GT350 manifold fit a 1966 car? [Buying and bidding]');
    expect(mails[0]!.text).toContain('Carroll Shelby <carroll@example.com>');
    expect(mails[0]!.text).toContain('The listing says 1965 only.');
    expect(mails[0]!.text).toContain(`http://pitlane.test/admin/contact-requests/${res.body.id}/show`);
  });

  it("records the signed-in sender's user id", async () => {
    const buyer = await signedInBuyer(t, { username: 'contact_buyer', email: 'contact-buyer@example.com' });
    const res = await buyer.agent.post('/api/contact-requests').send(request({ email: 'contact-buyer@example.com' })).expect(201);
    expect(res.body.userId).toBe(buyer.id);
  });

  it('refuses a bad request with each field named, and stores nothing', async () => {
    const before = await t.sql('select id from contact_requests');
    const res = await t
      .agent()
      .post('/api/contact-requests')
      .send({ name: '  ', email: 'not-an-email', topic: 'gossip', subject: '', message: 'short' })
      .expect(400);
    expect(res.body.errors).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      topic: CONTACT_MESSAGES.topic,
      subject: CONTACT_MESSAGES.subject,
      message: CONTACT_MESSAGES.message,
    });
    await t.agent().post('/api/contact-requests').send({}).expect(400);
    await t.agent().post('/api/contact-requests').send(request({ message: 'x'.repeat(5001) })).expect(400);
    expect(await t.sql('select id from contact_requests')).toHaveLength(before.length);
  });

  it('refuses a NUL character in any field with a 400', async () => {
    const res = await t.agent().post('/api/contact-requests').send(request({ message: 'Hello\u0000 there, a long message' })).expect(400);
    expect(res.body.errors).toHaveProperty('message');
    await t.agent().post('/api/contact-requests').send({ ...request(), 'extra\u0000key': 1 }).expect(400);
  });

  it('keeps the subject on one line', async () => {
    const res = await t.agent().post('/api/contact-requests').send(request({ subject: 'Two\r\nBcc: someone@example.com' })).expect(201);
    expect(res.body.subject).toBe('Two Bcc: someone@example.com');
  });

  describe('in the console', () => {
    it('is listed for admins only, newest first, with Content-Range, and filtered by status, topic and text', async () => {
      await t.agent().get('/api/admin/contact-requests').expect(401);
      const buyer = await signedInBuyer(t, { username: 'nosy_buyer', email: 'nosy@example.com' });
      await buyer.agent.get('/api/admin/contact-requests').expect(403);

      const admin = await signedInAdmin(t);
      const all = await admin.agent.get('/api/admin/contact-requests').expect(200);
      expect(all.headers['content-range']).toMatch(/^contact-requests 0-\d+\/\d+$/);
      expect(all.body.length).toBeGreaterThanOrEqual(3);
      const times = all.body.map((r: { createdAt: string }) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const byId = await admin.agent.get('/api/admin/contact-requests').query({ sort: '["id","ASC"]' }).expect(200);
      expect(byId.body).toHaveLength(all.body.length);

      const text = await admin.agent
        .get('/api/admin/contact-requests')
        .query({ filter: JSON.stringify({ q: 'contact-buyer@', topic: 'buying', status: 'open' }) })
        .expect(200);
      expect(text.body.map((r: { email: string }) => r.email)).toEqual(['contact-buyer@example.com']);

      const bad = await admin.agent.get('/api/admin/contact-requests').query({ filter: JSON.stringify({ status: 'closed' }) }).expect(400);
      expect(bad.body.errors).toHaveProperty('status');
    });

    it('is shown, marked handled by the admin and opened again, and never deleted', async () => {
      const admin = await signedInAdmin(t, 'support_admin');
      const created = (await t.agent().post('/api/contact-requests').send(request({ subject: 'Mark me' })).expect(201)).body;
      const shown = await admin.agent.get(`/api/admin/contact-requests/${created.id}`).expect(200);
      expect(shown.body).toMatchObject({ id: created.id, subject: 'Mark me', status: 'open' });

      // react-admin's update sends the whole record back.
      const handled = await admin.agent
        .put(`/api/admin/contact-requests/${created.id}`)
        .send({ ...shown.body, status: 'handled', subject: 'ignored' })
        .expect(200);
      expect(handled.body).toMatchObject({ id: created.id, status: 'handled', handledBy: admin.id, subject: 'Mark me' });
      expect(handled.body.handledAt).toEqual(expect.any(String));

      const open = await admin.agent.get('/api/admin/contact-requests').query({ filter: JSON.stringify({ status: 'open' }) }).expect(200);
      expect(open.body.map((r: { id: string }) => r.id)).not.toContain(created.id);

      const reopened = await admin.agent.patch(`/api/admin/contact-requests/${created.id}`).send({ status: 'open' }).expect(200);
      expect(reopened.body).toMatchObject({ status: 'open', handledAt: null, handledBy: null });

      const refused = await admin.agent.delete(`/api/admin/contact-requests/${created.id}`).expect(405);
      expect(refused.body.message).toMatch(/mark them handled/);
      await admin.agent.put(`/api/admin/contact-requests/${created.id}`).send({ status: 'gone' }).expect(400);
      await admin.agent.get('/api/admin/contact-requests/00000000-0000-4000-8000-000000000000').expect(404);
    });
  });
});

describe('contact requests, rate limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 once an address has sent its requests for the hour', async () => {
    await t.agent().post('/api/contact-requests').send(request()).expect(201);
    await t.agent().post('/api/contact-requests').send(request()).expect(201);
    const res = await t.agent().post('/api/contact-requests').send(request()).expect(429);
    expect(res.body).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Too many messages/) });
    expect(await t.sql('select id from contact_requests')).toHaveLength(2);
  });
});
