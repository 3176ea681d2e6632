import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { POLICY_TYPES } from './policy-acceptance.entity.js';

/** A published version of the privacy policy or the terms of service; one per type is current. */
export const PolicyVersion = defineEntity({
  name: 'PolicyVersion',
  tableName: 'policy_versions',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    policyType: p.enum(POLICY_TYPES),
    version: p.string().length(20),
    isCurrent: p.boolean().default(true),
    /** Whether users who have not accepted it must do so before they bid, list or buy. */
    requiresAcceptance: p.boolean().default(true),
    publishedAt: p.datetime(),
    /** The admin who published it (null for the version shipped with Pitlane). */
    publishedBy: p.uuid().nullable(),
  },
});
export type PolicyVersion = InferEntity<typeof PolicyVersion>;
