import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { ACTIVE_LISTING_SORTS } from './listing-analysis.rules.js';
import { ListingAnalysisService } from './listing-analysis.service.js';

const activeListingFilter = z.object({
  listingType: z.enum(['part', 'auction'], { message: 'Listing type must be part or auction' }).optional(),
  q: z.string().max(200, 'At most 200 characters').optional(),
  category: z.string().max(100, 'At most 100 characters').optional(),
  condition: z.string().max(50, 'At most 50 characters').optional(),
  sellerId: z.uuid({ message: 'Not a valid id' }).optional(),
});

/** Console resources `active-listings` and `seller-analytics`: read-only figures, each with a CSV export in the console. */
export function analyticsAdminRoutes(container: Container): Router {
  const analysis = container.get(ListingAnalysisService);
  const router = Router();
  router.get(
    '/active-listings',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ACTIVE_LISTING_SORTS, defaultSort: ['daysListed', 'ASC'], filter: activeListingFilter, maxPage: 500 });
      const { rows, total } = await analysis.activeListings({ offset: list.offset, limit: list.limit, orderBy: list.orderBy, filter: list.filter, ids: list.ids });
      sendAdminList(res, 'active-listings', rows, list.offset, total);
    }),
  );
  refuseMethods(router, '/active-listings', ['POST'], 'GET', 'Active listings are read-only');
  refuseMethods(router, '/active-listings/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'Active listings are read-only');
  router.get(
    '/seller-analytics',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['businessName', 'approvedAt', 'createdAt'],
        defaultSort: ['businessName', 'ASC'],
        filter: z.object({}),
      });
      const { rows, total } = await analysis.sellerPerformance({ offset: list.offset, limit: list.limit, orderBy: list.orderBy });
      sendAdminList(res, 'seller-analytics', rows, list.offset, total);
    }),
  );
  refuseMethods(router, '/seller-analytics/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'Seller analytics are read-only');
  return router;
}
