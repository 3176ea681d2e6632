import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ContactRequestStatus, ContactTopic } from './contact-request.dto.js';

export const CONTACT_TOPICS = ['general', 'buying', 'selling', 'payments', 'account', 'report'] as const satisfies readonly ContactTopic[];
export const CONTACT_STATUSES = ['open', 'handled'] as const satisfies readonly ContactRequestStatus[];

/** A message sent to support from the Contact Us page. `userId` and `handledBy` are user ids. */
export const ContactRequest = defineEntity({
  name: 'ContactRequest',
  tableName: 'contact_requests',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid().nullable(),
    name: p.string().length(100),
    email: p.string().length(320),
    topic: p.enum(CONTACT_TOPICS),
    subject: p.string().length(150),
    message: p.text(),
    status: p.enum(CONTACT_STATUSES).default('open'),
    handledAt: p.datetime().nullable(),
    handledBy: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ContactRequest = InferEntity<typeof ContactRequest>;
