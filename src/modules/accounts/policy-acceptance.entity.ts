import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const POLICY_TYPES = ['privacy_policy', 'terms_of_service'] as const;
export const CURRENT_POLICY_VERSION = 'v1.0';

/** A user's acceptance of one policy version, with the client's real IP address and user agent. */
export const PolicyAcceptance = defineEntity({
  name: 'PolicyAcceptance',
  tableName: 'policy_acceptances',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid().index(),
    policyType: p.enum(POLICY_TYPES),
    policyVersion: p.string().length(20).default(CURRENT_POLICY_VERSION),
    acceptedAt: p.datetime(),
    ipAddress: p.string().length(64),
    userAgent: p.string().length(500).nullable(),
    isCurrentVersion: p.boolean().default(true),
  },
});
export type PolicyAcceptance = InferEntity<typeof PolicyAcceptance>;
