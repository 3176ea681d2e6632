import { inject, injectable } from 'inversify';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';

import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { TOKENS } from '../tokens.js';
import { JobQueue } from '../jobs.js';
import type { SqlExecutor } from '../db/pg-transaction.js';
import { Database } from '../db/database.js';
import { STORE_MAIL_SQL } from './mailer.sql.js';

export const mailSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
});
export type Mail = z.infer<typeof mailSchema>;

export const SEND_MAIL_TASK = 'platform/send-mail';

/** Delivers mail: over SMTP when SMTP_URL is set, otherwise into the development outbox. */
@injectable()
export class Mailer {
  private transport?: Transporter;

  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    if (config.smtpUrl) {
      const url = new URL(config.smtpUrl);
      this.transport = nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      });
    }
  }

  /** Sends one message now; throws when the SMTP server refuses it, so the job is retried. */
  async deliver(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      this.logger.info({ subject: mail.subject }, 'mail sent over SMTP');
      return;
    }
    await this.store([mail]);
    this.logger.info({ subject: mail.subject }, 'mail stored in the development outbox');
  }

  /** Stores messages in the development outbox, in one statement. */
  private async store(mails: Mail[]): Promise<void> {
    await this.db.em.execute(STORE_MAIL_SQL, [this.config.mailFrom, JSON.stringify(mails)]);
  }

  /**
   * Sends several messages (one queued batch): over SMTP one after the other, into the outbox in one write.
   * Returns one settled promise per message, in order, so that only the failed ones are retried.
   */
  async deliverMany(mails: Mail[]): Promise<Promise<void>[]> {
    if (this.transport) {
      const results: Promise<void>[] = [];
      for (const mail of mails) {
        const sent = this.deliver(mail);
        results.push(sent);
        await sent.catch(() => undefined);
      }
      return results;
    }
    // One statement for the whole batch (a batch of outbid mails can hold hundreds).
    await this.store(mails);
    this.logger.info({ count: mails.length }, 'mail stored in the development outbox');
    return mails.map(() => Promise.resolve());
  }

  close(): void {
    this.transport?.close();
  }
}

/** Queues mail as a job in the caller's transaction, so it is sent (and retried) after commit. */
@injectable()
export class MailQueue {
  constructor(@inject(JobQueue) private readonly jobs: JobQueue) {}

  /** Queues one message for delivery. */
  async queue(em: SqlExecutor, mail: Mail): Promise<void> {
    await this.jobs.add(em, SEND_MAIL_TASK, mailSchema.parse(mail), { maxAttempts: 10 });
  }

  /** Queues several messages as one job (a graphile-worker batch job: a failed message is retried alone). */
  async queueMany(em: SqlExecutor, mails: Mail[]): Promise<void> {
    if (mails.length) await this.jobs.add(em, SEND_MAIL_TASK, mails.map((m) => mailSchema.parse(m)), { maxAttempts: 10 });
  }
}
