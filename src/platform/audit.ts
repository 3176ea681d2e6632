import { inject, injectable } from 'inversify';
import { Clock } from './clock.js';
import type { SqlExecutor } from './db/pg-transaction.js';

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

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The audit log's one writer. Admin services call `record(tx, entry)` inside the transaction of the action, so
 * the entry exists exactly when the change does.
 */
@injectable()
export class AuditLog {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  /** Records one admin action in the caller's transaction. */
  async record(tx: SqlExecutor, entry: AuditEntry): Promise<void> {
    await tx.execute(
      `insert into audit_log (actor_id, action, entity_type, entity_id, reason, before, after, created_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
      [
        entry.actorId,
        entry.action,
        entry.entityType,
        entry.entityId,
        entry.reason ?? null,
        json(entry.before),
        json(entry.after),
        this.clock.now().toISOString(),
      ],
    );
  }
}
