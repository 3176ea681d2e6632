import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** The development outbox: mail kept in the database when no SMTP server is configured. */
export const MailMessage = defineEntity({
  name: 'MailMessage',
  tableName: 'mail_outbox',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    to: p.string().length(320),
    from: p.string().length(320),
    subject: p.string().length(300),
    text: p.text(),
    html: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type MailMessage = InferEntity<typeof MailMessage>;
