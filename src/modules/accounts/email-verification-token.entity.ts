import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A one-time email verification link; `token` holds the SHA-256 of the secret sent by mail. */
export const EmailVerificationToken = defineEntity({
  name: 'EmailVerificationToken',
  tableName: 'email_verification_tokens',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid().index(),
    token: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type EmailVerificationToken = InferEntity<typeof EmailVerificationToken>;
