import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../../test/smtp.fixtures.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { AlertMailService } from './alert-mail.service.js';

/** MIME encoded words (=?UTF-8?Q?...?=) decoded. */
const decodeWords = (header: string) =>
  header.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, q: string) =>
    q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** The mail's headers (unfolded, decoded) and its text (quoted-printable soft breaks undone). */
const partsOf = (mail: ReceivedMail) => ({
  headers: decodeWords(mail.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]/g, ' ')),
  text: mail.data.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=3D/g, '='),
});

describe('alert mail over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(smtp.env);
    await catalogModule.seed!(t.rt.container);
    admin = await quickUser(t, 'mail_admin', 'admin');
    buyer = await fastUser(t, 'mail_buyer');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails two matches that arrive together in one instant mail with a working pause link', async () => {
    const { body: alert } = await buyer.agent.post('/api/alerts').send({ alertName: 'Ferrari badges', make: 'ferrari', keywords: 'badge' }).expect(201);
    await partOf(admin, { title: 'Ferrari prancing horse badge', make: 'ferrari' });
    await partOf(admin, { title: 'Ferrari Pininfarina badge', make: 'ferrari' });
    await t.drain();
    const toBuyer = () => smtp.received.filter((m) => m.to.includes('mail_buyer@example.com'));
    expect(toBuyer()).toHaveLength(0);
    t.clock.advance(31_000);
    expect(await t.rt.container.get(AlertMailService).mailInstant(buyer.id)).toBe('mailed');
    await t.drain();
    expect(toBuyer()).toHaveLength(1);
    const mail = toBuyer()[0]!;
    const { headers, text } = partsOf(mail);
    expect(mail.to).toEqual(['mail_buyer@example.com']);
    expect(headers).toContain('Subject: 2 new matches for your alert "Ferrari badges"');
    expect(text).toContain('Ferrari prancing horse badge');
    expect(text).toContain('Ferrari Pininfarina badge');
    const link = /http:\/\/pitlane\.test(\/api\/alerts\/pause\?alert=[0-9a-f-]+&token=[A-Za-z0-9_-]+)/.exec(text);
    expect(link).not.toBeNull();
    const page = await t.agent().get(link![1]!).expect(200);
    expect(page.text).toContain('Ferrari badges');
    const [row] = await t.sql<{ is_active: boolean }>('select is_active from part_alerts where id = $1', [alert.id]);
    expect(row!.is_active).toBe(false);
    // Paused: a new match is neither stored nor mailed.
    await partOf(admin, { title: 'Ferrari wing badge', make: 'ferrari' });
    await t.drain();
    t.clock.advance(31_000);
    expect(await t.rt.container.get(AlertMailService).mailInstant(buyer.id)).toBe('nothing');
  });
});
