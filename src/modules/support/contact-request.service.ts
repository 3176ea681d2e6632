import { inject, injectable } from 'inversify';
import type { FilterQuery } from '@mikro-orm/core';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { containsConditions } from '../../platform/db/like.js';
import { Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { MailQueue, type Mail } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import type { ContactRequestDto, ContactRequestInput, ContactRequestStatus } from './contact-request.dto.js';
import { ContactRequest } from './contact-request.entity.js';
import { TOPIC_LABELS, type ContactRequestFilter } from './contact-request.schemas.js';
import { Database } from '../../platform/db/database.js';

export const toContactRequestDto = (r: ContactRequest): ContactRequestDto => ({
  id: r.id,
  userId: r.userId ?? null,
  name: r.name,
  email: r.email,
  topic: r.topic,
  subject: r.subject,
  message: r.message,
  status: r.status,
  handledAt: r.handledAt ? r.handledAt.toISOString() : null,
  handledBy: r.handledBy ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Contact Us requests: stored, mailed to support, and worked through in the console. */
@injectable()
export class ContactRequestService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
  ) {}

  /** Stores a request and queues its mail to support in the same transaction (sent after commit, retried). */
  async create(input: ContactRequestInput, userId: string | null): Promise<ContactRequestDto> {
    return this.db.em.transactional(async (em) => {
      const now = this.clock.now();
      const request = em.create(ContactRequest, { ...input, userId, status: 'open', createdAt: now, updatedAt: now });
      await em.flush();
      await this.mail.queue(em, this.supportMail(request));
      return toContactRequestDto(request);
    });
  }

  /** The mail support receives: who wrote, about what, and where to mark it handled. */
  private supportMail(r: ContactRequest): Mail {
    const topic = TOPIC_LABELS[r.topic];
    return {
      to: this.config.supportEmail,
      subject: `Contact request: ${r.subject} [${topic}]`.slice(0, 300),
      text:
        `${r.name} <${r.email}> wrote${r.userId ? ` (signed in as user ${r.userId})` : ' (not signed in)'}.\n\n` +
        `Topic: ${topic}\nSubject: ${r.subject}\n\n${r.message}\n\n` +
        `Reply to ${r.email}, then mark it handled in the console:\n${this.config.publicUrl}/admin/contact-requests/${r.id}/show\n`,
    };
  }

  /** Requests for the console, newest first unless sorted otherwise. */
  async adminList(filter: ContactRequestFilter & { ids?: string[] }, page: ConsolePage) {
    const where: FilterQuery<ContactRequest> = {
      ...(filter.ids ? { id: { $in: filter.ids } } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.topic ? { topic: filter.topic } : {}),
      ...(filter.q ? { $or: containsConditions<ContactRequest>(['name', 'email', 'subject'], filter.q) } : {}),
    };
    const [rows, total] = await this.db.em.findAndCount(ContactRequest, where, consolePageOptions(page));
    return { rows: rows.map(toContactRequestDto), total };
  }

  async get(id: string): Promise<ContactRequestDto> {
    const request = await this.db.em.findOne(ContactRequest, { id });
    if (!request) throw Errors.notFound('Contact request');
    return toContactRequestDto(request);
  }

  /** Marks a request handled (by `adminId`, now) or open again. Setting the status it has changes nothing. */
  async setStatus(id: string, status: ContactRequestStatus, adminId: string): Promise<ContactRequestDto> {
    const request = await this.db.em.findOne(ContactRequest, { id });
    if (!request) throw Errors.notFound('Contact request');
    if (request.status !== status) {
      const now = this.clock.now();
      request.status = status;
      request.handledAt = status === 'handled' ? now : null;
      request.handledBy = status === 'handled' ? adminId : null;
      request.updatedAt = now;
      await this.db.em.flush();
    }
    return toContactRequestDto(request);
  }
}
