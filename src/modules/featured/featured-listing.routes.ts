import { Router } from 'express';
import type { Container } from 'inversify';
import { handle, idParams } from '../../platform/http/validate.js';
import { publicFeaturedQuery } from './featured-listing.schemas.js';
import { FeaturedPublicService } from './featured-public.service.js';
import { FeaturedStatsRecorder } from './featured-stats.recorder.js';

/**
 * GET /api/featured-listings?placementType=homepage|category&categoryId=: the page's live placements (one
 * impression each: the page showed them); POST /api/featured-listings/{id}/click: the card's click beacon.
 */
export function featuredRoutes(container: Container): Router {
  const featured = container.get(FeaturedPublicService);
  const stats = container.get(FeaturedStatsRecorder);
  const router = Router();
  router.get(
    '/featured-listings',
    handle({ query: publicFeaturedQuery }, async ({ query }) => {
      const listings = await featured.list(query.placementType, query.categoryId ?? null);
      stats.impressions(listings.map((l) => l.id));
      return listings;
    }),
  );
  router.post(
    '/featured-listings/:id/click',
    handle({ params: idParams }, ({ params }, _req, res) => {
      stats.click(params.id);
      res.status(204).end();
      return undefined;
    }),
  );
  return router;
}
