import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, consoleOrder, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { ROLES } from '../../platform/roles.js';
import { UserService } from './user.service.js';
import { roleChangeSchema } from './account.schemas.js';

const params = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });
const filterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
});

/** Console resource `users`: list, search, show, change role (PUT answers the user); create and delete are 405s. */
export function accountAdminRoutes(container: Container): Router {
  const users = container.get(UserService);
  const router = Router();

  router.get(
    '/users',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'username', 'email', 'role', 'lastName'],
        defaultSort: ['createdAt', 'DESC'],
        filter: filterSchema,
      });
      const { rows, total } = await users.listUsers(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: consoleOrder(list.orderBy) },
      );
      sendAdminList(res, 'users', rows, list.offset, total);
    }),
  );

  router.get(
    '/users/:id',
    handle({ params }, async ({ params: p }, req) => users.getUser(p.id, await requireActor(req))),
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
