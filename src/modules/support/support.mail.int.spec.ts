import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.fixtures.js';

describe('a contact request over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      ...smtp.env,
      SUPPORT_EMAIL: 'support-desk@pitlane.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('reaches the SUPPORT_EMAIL mailbox once the job runs, and nothing is mailed before', async () => {
    const res = await t
      .agent()
      .post('/api/contact-requests')
      .send({
        name: 'Enzo Ferrari',
        email: 'enzo@example.com',
        topic: 'payments',
        subject: 'Escrow for a 250 GT gearbox',
        message: 'How does escrow work for a sale over $5,000?',
      })
      .expect(201);
    expect(smtp.received).toHaveLength(0);
    await t.drain();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    // Long headers are folded onto a next line that starts with a space.
    const headers = mail!.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]/g, ' ');
    expect(mail!.to).toEqual(['support-desk@pitlane.test']);
    expect(headers).toContain('From: Pitlane <hello@pitlane.test>');
    expect(headers).toContain('Subject: Contact request: Escrow for a 250 GT gearbox [Payments and payouts]');
    // The text is quoted-printable: undo its soft line breaks.
    const text = mail!.data.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');
    expect(text).toContain('Enzo Ferrari <enzo@example.com>');
    expect(text).toContain(`http://pitlane.test/admin/contact-requests/${res.body.id}/show`);
    expect(await t.sql('select id from mail_outbox')).toHaveLength(0);
  });
});
