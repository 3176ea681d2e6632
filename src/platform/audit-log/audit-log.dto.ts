/** The console's audit log (GET /api/admin/audit-log), declared once here for the server and the console. Declarations only. */

/** One admin action: who (actorId), what (action, entityType, entityId, reason), when, and the record before and after. */
export interface AuditLogDto {
  id: string;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
