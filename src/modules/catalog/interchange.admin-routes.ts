import { Router } from 'express';
import type { Container } from 'inversify';
import { adminListQuery, parseAdminList, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { interchangeGroupBody, interchangeGroupFilter } from './interchange.schemas.js';
import { INTERCHANGE_SORT, InterchangeService } from './interchange.service.js';

/**
 * Console resource `interchange-groups` (ra-data-simple-rest, admins only): `{id, name, numbers, numberParts}`;
 * PUT and PATCH take the whole group.
 */
export function interchangeAdminRoutes(container: Container): Router {
  const groups = container.get(InterchangeService);
  const router = Router();
  router.get(
    '/interchange-groups',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: INTERCHANGE_SORT, defaultSort: ['name', 'ASC'], filter: interchangeGroupFilter });
      const { rows, total } = await groups.list({ ...list.filter, ids: list.ids }, { offset: list.offset, limit: list.limit, orderBy: list.orderBy });
      sendAdminList(res, 'interchange-groups', rows, list.offset, total);
    }),
  );
  router.get('/interchange-groups/:id', handle({ params: idParams }, async ({ params }) => groups.get(params.id)));
  router.post('/interchange-groups', handle({ body: interchangeGroupBody }, async ({ body }) => groups.create(body), 201));
  const update = handle({ params: idParams, body: interchangeGroupBody }, async ({ params, body }) => groups.update(params.id, body));
  router.put('/interchange-groups/:id', update);
  router.patch('/interchange-groups/:id', update);
  router.delete('/interchange-groups/:id', handle({ params: idParams }, async ({ params }) => groups.remove(params.id)));
  return router;
}
