import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, consoleOrder, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { ROLES } from '../../platform/roles.js';
import { UserService } from './user.service.js';
import { reinstateSchema, roleChangeSchema, suspendSchema } from './account.schemas.js';

const params = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });
const filterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  /** true: suspended users only; false: users in good standing only. */
  suspended: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ message: 'Must be true or false' }).optional()),
});

/**
 * Console resource `users`: list, search, show, change role (PUT answers the user), suspend and reinstate with a
 * reason (POST /users/:id/suspend, /users/:id/reinstate); create and delete are 405s. Every change is audited.
 */
export function accountAdminRoutes(container: Container): Router {
  const users = container.get(UserService);
  const router = Router();

  router.get(
    '/users',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'username', 'email', 'role', 'lastName', 'suspendedAt', 'suspiciousActivityScore'],
        defaultSort: ['createdAt', 'DESC'],
        filter: filterSchema,
      });
      const { rows, total } = await users.listAdminUsers(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: consoleOrder(list.orderBy) },
      );
      sendAdminList(res, 'users', rows, list.offset, total);
    }),
  );

  router.get(
    '/users/:id',
    handle({ params }, async ({ params: p }) => users.getAdminUser(p.id)),
  );

  router.post(
    '/users/:id/suspend',
    handle({ params, body: suspendSchema }, async ({ params: p, body }, req) => users.suspend(await requireActor(req), p.id, body.reason)),
  );

  router.post(
    '/users/:id/reinstate',
    handle({ params, body: reinstateSchema }, async ({ params: p, body }, req) => users.reinstate(await requireActor(req), p.id, body.reason)),
  );

  router.put(
    '/users/:id',
    handle({ params, body: roleChangeSchema }, async ({ params: p, body }, req) =>
      users.setRole(await requireActor(req), p.id, body.role),
    ),
  );

  refuseMethods(router, '/users', ['POST'], 'GET', 'Users register themselves; the console cannot create them');
  refuseMethods(router, '/users/:id', ['DELETE'], 'GET, PUT', 'Users cannot be deleted from the console: change their role instead');
  return router;
}
