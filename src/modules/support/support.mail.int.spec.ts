import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../../../test/harness.js';

interface Received {
  to: string[];
  data: string;
}

/** A real SMTP server on loopback (no auth, no STARTTLS). */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, received, port };
}

describe('a contact request over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      MAIL_FROM: 'Pitlane <hello@pitlane.test>',
      SUPPORT_EMAIL: 'support-desk@pitlane.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
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
