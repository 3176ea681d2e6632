import { inject, injectable } from 'inversify';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { TOKENS } from '../tokens.js';
import { JobQueue } from '../jobs.js';
import { MailMessage } from './mail-message.entity.js';

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
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
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
    const em = this.orm.em.fork();
    em.create(MailMessage, { from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
    await em.flush();
    this.logger.info({ subject: mail.subject }, 'mail stored in the development outbox');
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
  async queue(em: EntityManager, mail: Mail): Promise<void> {
    await this.jobs.add(em, SEND_MAIL_TASK, mailSchema.parse(mail), { maxAttempts: 10 });
  }
}
