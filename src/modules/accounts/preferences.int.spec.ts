import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser } from '../../../test/auctions.fixtures.js';

describe('GET/PATCH /api/account/preferences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a session', async () => {
    await t.agent().get('/api/account/preferences').expect(401);
    await t.agent().patch('/api/account/preferences').send({ messageEmails: false }).expect(401);
  });

  it('has message mail on by default and changes only the signed-in user', async () => {
    const ann = await fastUser(t, 'pref_ann');
    const bob = await fastUser(t, 'pref_bob');
    expect((await ann.agent.get('/api/account/preferences').expect(200)).body).toEqual({ messageEmails: true });

    const { body } = await ann.agent.patch('/api/account/preferences').send({ messageEmails: false }).expect(200);
    expect(body).toEqual({ messageEmails: false });
    expect((await ann.agent.get('/api/account/preferences').expect(200)).body).toEqual({ messageEmails: false });
    // Another user's preference is untouched, and a user id in the body changes nothing: it is refused.
    expect((await bob.agent.get('/api/account/preferences').expect(200)).body).toEqual({ messageEmails: true });
    await bob.agent.patch('/api/account/preferences').send({ messageEmails: false, userId: ann.id }).expect(400);
    expect((await bob.agent.get('/api/account/preferences').expect(200)).body).toEqual({ messageEmails: true });

    await ann.agent.patch('/api/account/preferences').send({ messageEmails: true }).expect(200, { messageEmails: true });
  });

  it('refuses a body that is not a boolean preference', async () => {
    const cy = await fastUser(t, 'pref_cy');
    for (const body of [{}, { messageEmails: 'no' }, { messageEmails: null }, { messageEmails: 0 }, { other: true }]) {
      const res = await cy.agent.patch('/api/account/preferences').send(body).expect(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await cy.agent.get('/api/account/preferences').expect(200)).body).toEqual({ messageEmails: true });
  });
});
