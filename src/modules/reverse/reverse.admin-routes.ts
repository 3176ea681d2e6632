import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { ADMIN_REVERSE_SORT, ReverseAdminService } from './reverse-admin.service.js';
import { ReverseApi } from './reverse.api.js';
import { REVERSE_STATUSES } from './reverse.rules.js';

const status = z.enum(REVERSE_STATUSES, { message: `Status must be one of ${REVERSE_STATUSES.join(', ')}` });
/** The console's filters: title/description text, status (one or several), category, buyer. */
export const adminReverseFilter = z.object({
  q: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(status).max(REVERSE_STATUSES.length).optional()),
  partCategory: z.string().trim().max(100).optional(),
  buyerId: z.uuid({ message: 'Not a valid buyer id' }).optional(),
});

export const CANCEL_REASON_MESSAGE = 'A reason is required: it is mailed to the buyer';
const cancelBody = z.object({
  reason: z.string({ message: CANCEL_REASON_MESSAGE }).trim().min(1, CANCEL_REASON_MESSAGE).max(1000, 'The reason must be at most 1000 characters'),
});


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
    handle({ params: idParams, body: cancelBody }, async ({ params, body }, req) => admin.cancel(params.id, body.reason, await requireActor(req))),
  );
  refuseMethods(router, '/reverse-auctions', ['POST'], 'GET', 'Reverse auctions are posted by buyers, not created in the console');
  refuseMethods(router, '/reverse-auctions/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'Reverse auctions cannot be edited or deleted in the console: cancel them with a reason');
  return router;
}
