import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { ADMIN_REVERSE_SORT, ReverseAdminService } from './reverse-admin.service.js';
import { ReverseApi } from './reverse.api.js';
import { adminCancelSchema, adminReverseFilter } from './reverse.schemas.js';


/** Console resource `reverse-auctions` and the manual reverse relist (mounted under /api/admin, admins only). */
export function reverseAdminRoutes(container: Container): Router {
  const admin = container.get(ReverseAdminService);
  const api = container.get(ReverseApi);
  const router = Router();
  router.post(
    '/auto-relist/manual/reverse-auction/:id',
    handle({ params: idParams }, async ({ params }) => ({
      originalId: params.id,
      newReverseAuctionId: await api.relistNow(params.id),
      message: 'Reverse auction relisted',
    })),
  );
  router.get(
    '/reverse-auctions',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ADMIN_REVERSE_SORT, defaultSort: ['endTime', 'DESC'], filter: adminReverseFilter });
      const { rows, total } = await admin.list({ ...list.filter, ids: list.ids }, { offset: list.offset, limit: list.limit, orderBy: list.orderBy });
      sendAdminList(res, 'reverse-auctions', rows, list.offset, total);
    }),
  );
  router.get('/reverse-auctions/:id', handle({ params: idParams }, async ({ params }, req) => admin.get(params.id, await requireActor(req))));
  router.post(
    '/reverse-auctions/:id/cancel',
    handle({ params: idParams, body: adminCancelSchema }, async ({ params, body }, req) => admin.cancel(params.id, body.reason, await requireActor(req))),
  );
  refuseMethods(router, '/reverse-auctions', ['POST'], 'GET', 'Reverse auctions are posted by buyers, not created in the console');
  refuseMethods(router, '/reverse-auctions/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'Reverse auctions cannot be edited or deleted in the console: cancel them with a reason');
  return router;
}
