import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One admin action of the audit log (`audit_log`): who did what to which record, with JSON snapshots before and
 * after. Written by platform/audit.ts in the action's own transaction; never updated or deleted by the app.
 */
export const AuditLogEntry = defineEntity({
  name: 'AuditLogEntry',
  tableName: 'audit_log',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** The acting admin (null for the system or the CLI). */
    actorId: p.uuid().nullable(),
    action: p.string().length(80),
    entityType: p.string().length(40),
    entityId: p.string().length(100),
    reason: p.text().nullable(),
    before: p.json<unknown>().nullable(),
    after: p.json<unknown>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuditLogEntry = InferEntity<typeof AuditLogEntry>;
