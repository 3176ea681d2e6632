import { Database } from './db/database.js';
import { Router } from 'express';
import type { Container } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Errors } from './errors.js';
import { handle, idParams } from './http/validate.js';
import { adminListQuery, consoleOrder, parseAdminList, refuseMethods, sendAdminList } from './http/admin-rest.js';
import type { AuditLogDto } from './audit.js';

interface AuditRow {
  id: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

const toDto = (r: AuditRow): AuditLogDto => ({
  id: r.id,
  actorId: r.actor_id,
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  reason: r.reason,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The audit log's filters: by admin, by kind of record, by record, by action. */
const auditFilter = z.object({
  actorId: z.uuid({ message: 'Not a valid user id' }).optional(),
  entityType: z.string().trim().max(40, 'Must be at most 40 characters').optional(),
  entityId: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  action: z.string().trim().max(80, 'Must be at most 80 characters').optional(),
});

const COLUMNS: Record<string, string> = { createdAt: 'created_at', action: 'action', entityType: 'entity_type', id: 'id' };

/** Console resource `audit-log`: every admin action, newest first; read-only (writes are 405s). */
export function auditAdminRoutes(container: Container): Router {
  const orm = container.get(Database).orm;
  const em = () => orm.em as EntityManager;
  const router = Router();

  router.get(
    '/audit-log',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['createdAt', 'action', 'entityType'], defaultSort: ['createdAt', 'DESC'], filter: auditFilter });
      const where: string[] = [];
      const values: unknown[] = [];
      const add = (clause: string, value: unknown) => {
        where.push(clause);
        values.push(value);
      };
      if (list.ids) add('id = any(?::uuid[])', `{${list.ids.join(',')}}`);
      if (list.filter.actorId) add('actor_id = ?', list.filter.actorId);
      if (list.filter.entityType) add('entity_type = ?', list.filter.entityType);
      if (list.filter.entityId) add('entity_id = ?', list.filter.entityId);
      if (list.filter.action) add('action = ?', list.filter.action);
      const whereSql = where.length ? `where ${where.join(' and ')}` : '';
      const order = Object.entries(consoleOrder(list.orderBy))
        .map(([field, dir]) => `${COLUMNS[field]} ${dir === 'desc' ? 'desc' : 'asc'}`)
        .join(', ');
      const rows = await em().execute<AuditRow[]>(
        `select * from audit_log ${whereSql} order by ${order} limit ? offset ?`,
        [...values, list.limit, list.offset],
      );
      const [count] = await em().execute<{ n: number }[]>(`select count(*)::int as n from audit_log ${whereSql}`, values);
      sendAdminList(res, 'audit-log', rows.map(toDto), list.offset, count!.n);
    }),
  );

  router.get(
    '/audit-log/:id',
    handle({ params: idParams }, async ({ params }) => {
      const [row] = await em().execute<AuditRow[]>('select * from audit_log where id = ?', [params.id]);
      if (!row) throw Errors.notFound('Audit entry');
      return toDto(row);
    }),
  );

  refuseMethods(router, '/audit-log', ['POST'], 'GET', 'The audit log is read-only: entries are written by the actions themselves');
  refuseMethods(router, '/audit-log/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'The audit log is read-only: entries cannot be changed or deleted');
  return router;
}
