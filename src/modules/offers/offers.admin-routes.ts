import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { adminOfferFilter } from './offer.schemas.js';
import { OfferViewService } from './offer-view.service.js';

/** Fields the console may sort offers by (besides `id`). */
export const OFFER_ADMIN_SORT = ['createdAt', 'amount'] as const;

/** The console's read-only `offers` resource (ra-data-simple-rest), mounted under /api/admin for admins only. */
export function offersAdminRoutes(container: Container): Router {
  const offers = container.get(OfferViewService);
  const router = Router();
  router.get(
    '/offers',
    handle({ query: adminListQuery }, async ({ query }, req, res) => {
      const list = parseAdminList(query, { sortable: OFFER_ADMIN_SORT, defaultSort: ['createdAt', 'DESC'], filter: adminOfferFilter });
      const page = await offers.adminList(await requireActor(req), { offset: list.offset, limit: list.limit, orderBy: list.orderBy }, list.filter, list.ids);
      sendAdminList(res, 'offers', page.rows, list.offset, page.total);
      return undefined;
    }),
  );
  router.get('/offers/:id', handle({ params: idParams }, async ({ params }, req) => offers.get(params.id, await requireActor(req))));
  const readOnly = 'Offers are read-only in the console: the buyer and the seller negotiate them';
  refuseMethods(router, '/offers', ['POST'], 'GET', readOnly);
  refuseMethods(router, '/offers/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', readOnly);
  return router;
}
