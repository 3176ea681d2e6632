import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.fixtures.js';
import { signedInAdmin, validRegistration } from '../../../test/accounts.fixtures.js';
import { MailQueue } from './mailer.js';

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(smtp.env);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the verification email to a real SMTP server and keeps nothing in the outbox', async () => {
    await t.agent().post('/api/users').send(validRegistration({ email: 'smtp@example.com' })).expect(201);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['smtp@example.com']);
    expect(smtp.received[0]!.data).toContain('Subject: Verify your Pitlane email address');
    expect(smtp.received[0]!.data).toContain('From: Pitlane <hello@pitlane.test>');
    expect(smtp.received[0]!.data).toMatch(/verify-email\?token=/);
    const outbox = await t.sql('select * from mail_outbox');
    expect(outbox).toHaveLength(0);
  });

  it('keeps the mail job for a retry when the SMTP server refuses, and delivers on the retry', async () => {
    smtp.state.refuse = true;
    await t.agent().post('/api/users').send(validRegistration({ username: 'retry_me', email: 'retry@example.com' })).expect(201);
    await t.drain();
    const [job] = await t.sql<{ attempts: number; last_error: string; id: string }>(
      "select id, attempts, last_error from graphile_worker.jobs where task_identifier = 'platform/send-mail'",
    );
    expect(job!.attempts).toBe(1);
    expect(job!.last_error).toMatch(/Mailbox unavailable/);
    expect(smtp.received.some((r) => r.to.includes('retry@example.com'))).toBe(false);

    smtp.state.refuse = false;
    // The retry is due after graphile-worker's backoff; make it due now instead of waiting.
    await t.sql('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())', [job!.id]);
    await t.drain();
    expect(smtp.received.some((r) => r.to.includes('retry@example.com'))).toBe(true);
    const left = await t.sql("select id from graphile_worker.jobs where task_identifier = 'platform/send-mail'");
    expect(left).toHaveLength(0);
  });

  it('sends a queued batch of messages and retries only the ones the SMTP server refused', async () => {
    const refuse = (to: string) => to === 'later@example.com';
    smtp.state.refuseTo = refuse;
    await t.rt.orm.em.fork().transactional(async (tx) => {
      await t.rt.container.get(MailQueue).queueMany(tx, [
        { to: 'first@example.com', subject: 'Batch', text: 'one' },
        { to: 'later@example.com', subject: 'Batch', text: 'two' },
        { to: 'third@example.com', subject: 'Batch', text: 'three' },
      ]);
    });
    await t.drain();
    const batch = () => smtp.received.filter((r) => r.data.includes('Subject: Batch')).map((r) => r.to[0]);
    expect(batch()).toEqual(['first@example.com', 'third@example.com']);
    const [job] = await t.sql<{ id: string; payload: { to: string }[] }>(
      `select j.id, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'platform/send-mail'`,
    );
    expect(job!.payload.map((m) => m.to)).toEqual(['later@example.com']);

    smtp.state.refuseTo = () => false;
    await t.sql('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())', [job!.id]);
    await t.drain();
    expect(batch()).toEqual(['first@example.com', 'third@example.com', 'later@example.com']);
  });
});

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores mail when no SMTP server is configured and shows it to admins only', async () => {
    await t.agent().post('/api/users').send(validRegistration({ email: 'outbox@example.com' })).expect(201);
    await t.drain();
    const { agent } = await signedInAdmin(t);
    const list = await agent.get('/api/admin/mail-outbox').query({ filter: JSON.stringify({ q: 'outbox@' }) }).expect(200);
    expect(list.headers['content-range']).toBe('mail-outbox 0-0/1');
    expect(list.body[0]).toMatchObject({ to: 'outbox@example.com', subject: 'Verify your Pitlane email address' });
    const one = await agent.get(`/api/admin/mail-outbox/${list.body[0].id}`).expect(200);
    expect(one.body.text).toContain('/verify-email?token=');
    await t.agent().get('/api/admin/mail-outbox').expect(401);
  });
});
