import { Database } from './db/database.js';
import { Router } from 'express';
import type { Container } from 'inversify';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Errors } from './errors.js';
import { handle, idParams } from './http/validate.js';
import { adminListQuery, consoleOrder, parseAdminList, refuseMethods, sendAdminList } from './http/admin-rest.js';
import type { AuditLogDto } from './audit.js';
import { AuditLogEntry } from './audit-log/audit-log.entity.js';

const toDto = (r: AuditLogEntry): AuditLogDto => ({
  id: r.id,
  actorId: r.actorId ?? null,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  reason: r.reason ?? null,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The audit log's filters: by admin, by kind of record, by record, by action. */
const auditFilter = z.object({
  actorId: z.uuid({ message: 'Not a valid user id' }).optional(),
  entityType: z.string().trim().max(40, 'Must be at most 40 characters').optional(),
  entityId: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  action: z.string().trim().max(80, 'Must be at most 80 characters').optional(),
});

/** Console resource `audit-log`: every admin action, newest first; read-only (writes are 405s). */
export function auditAdminRoutes(container: Container): Router {
  const db = container.get(Database);
  const router = Router();

  router.get(
    '/audit-log',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['createdAt', 'action', 'entityType'], defaultSort: ['createdAt', 'DESC'], filter: auditFilter });
      const { actorId, entityType, entityId, action } = list.filter;
      const where: FilterQuery<AuditLogEntry> = {
        ...(list.ids ? { id: { $in: list.ids } } : {}),
        ...(actorId ? { actorId } : {}),
        ...(entityType ? { entityType } : {}),
        ...(entityId ? { entityId } : {}),
        ...(action ? { action } : {}),
      };
      const [rows, total] = await db.em.findAndCount(AuditLogEntry, where, {
        orderBy: consoleOrder(list.orderBy),
        offset: list.offset,
        limit: list.limit,
      });
      sendAdminList(res, 'audit-log', rows.map(toDto), list.offset, total);
    }),
  );

  router.get(
    '/audit-log/:id',
    handle({ params: idParams }, async ({ params }) => {
      const entry = await db.em.findOne(AuditLogEntry, { id: params.id });
      if (!entry) throw Errors.notFound('Audit entry');
      return toDto(entry);
    }),
  );

  refuseMethods(router, '/audit-log', ['POST'], 'GET', 'The audit log is read-only: entries are written by the actions themselves');
  refuseMethods(router, '/audit-log/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'The audit log is read-only: entries cannot be changed or deleted');
  return router;
}
