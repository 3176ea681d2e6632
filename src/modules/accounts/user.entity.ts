import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ROLES } from '../../platform/roles.js';

/** A person with an account: buyer, seller or admin. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    username: p.string().length(40),
    email: p.string().length(320),
    password: p.string().length(255).hidden().lazy(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    phone: p.string().length(40).nullable(),
    location: p.string().length(200).nullable(),
    isVerified: p.boolean().default(false),
    role: p.enum(ROLES).default('buyer'),
    verificationLevel: p.string().length(20).default('none'),
    country: p.string().length(100).default('USA'),
    marketingEmails: p.boolean().default(false),
    /** Whether the user gets mail about unread messages (their preference, on unless they turn it off). */
    messageEmails: p.boolean().default(true),
    ipAddress: p.string().length(64).nullable(),
    suspiciousActivityScore: p.integer().default(0),
    profileImageUrl: p.string().length(500).nullable(),
    /** Set while an admin has suspended the user: no sign-in, no session, no bidding, listing, quoting or messages. */
    suspendedAt: p.datetime().nullable(),
    suspensionReason: p.text().nullable(),
    suspendedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof User>;
