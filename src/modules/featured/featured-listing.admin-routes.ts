import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { featuredListingFilter, featuredListingPatchSchema, revenueQuery } from './featured-listing.schemas.js';
import { FEATURED_SORT, FeaturedListingService, type FeaturedSort } from './featured-listing.service.js';
import { FeaturedRevenueService } from './featured-revenue.service.js';

const SORTABLE = FEATURED_SORT.filter((k): k is Exclude<FeaturedSort, 'id'> => k !== 'id');

/**
 * Console resource `featured-listings` (ra-data-simple-rest: PATCH for the version-1 form, PUT for the
 * version-2 manager, both checked whole) and the Featured Revenue report (mounted under /api/admin, admins only).
 */
export function featuredAdminRoutes(container: Container): Router {
  const listings = container.get(FeaturedListingService);
  const revenue = container.get(FeaturedRevenueService);
  const router = Router();
  router.get(
    '/featured-listings',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: SORTABLE, defaultSort: ['startDate', 'DESC'], filter: featuredListingFilter });
      const { rows, total } = await listings.list({ ...list.filter, ids: list.ids }, { offset: list.offset, limit: list.limit, orderBy: list.orderBy });
      sendAdminList(res, 'featured-listings', rows, list.offset, total);
    }),
  );
  router.get('/featured-listings/:id', handle({ params: idParams }, async ({ params }) => listings.get(params.id)));
  router.post(
    '/featured-listings',
    handle({ body: featuredListingPatchSchema }, async ({ body }, req) => listings.create(body, (await requireActor(req)).id), 201),
  );
  const update = handle({ params: idParams, body: featuredListingPatchSchema }, async ({ params, body }, req) =>
    listings.update(params.id, body, (await requireActor(req)).id),
  );
  router.put('/featured-listings/:id', update);
  router.patch('/featured-listings/:id', update);
  router.delete('/featured-listings/:id', handle({ params: idParams }, async ({ params }) => listings.remove(params.id)));
  router.get('/featured-revenue', handle({ query: revenueQuery }, async ({ query }) => revenue.report(query)));
  return router;
}
