import { inject, injectable } from 'inversify';
import { Clock } from './clock.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogEntry } from './audit-log/audit-log.entity.js';

/** What the audit log calls the things admins act on. */
export type AuditEntityType = 'user' | 'seller' | 'listing' | 'auction' | 'settings' | 'bidding_pattern' | 'badge' | 'order';

/** One admin action: who did what to which record, with the record before and after (JSON snapshots). */
export interface AuditEntry {
  /** The acting admin (null for the system or the CLI). */
  actorId: string | null;
  /** `<entity>.<verb>`, e.g. `user.suspended`, `listing.approved`, `settings.updated`. */
  action: string;
  entityType: AuditEntityType;
  /** The record's id (a settings group's name for settings). */
  entityId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export type { AuditLogDto } from './audit-log/audit-log.dto.js';

/**
 * The audit log's one writer. Admin services call `record(em, entry)` inside the transaction of the action, so
 * the entry exists exactly when the change does.
 */
@injectable()
export class AuditLog {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  /** Records one admin action in the caller's transaction (one insert, whatever else the unit of work holds). */
  async record(em: EntityManager, entry: AuditEntry): Promise<void> {
    await em.insert(AuditLogEntry, {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      reason: entry.reason ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: this.clock.now(),
    });
  }
}
