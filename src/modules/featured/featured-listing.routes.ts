import { Router } from 'express';
import type { Container } from 'inversify';
import { clientAddress, RateLimits } from '../../platform/http/rate-limit.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { publicFeaturedQuery } from './featured-listing.schemas.js';
import { FeaturedPublicService } from './featured-public.service.js';
import { FeaturedStatsRecorder } from './featured-stats.recorder.js';

/** Clicks counted per address and minute. */
export const CLICKS_PER_MINUTE = 60;

/**
 * GET /api/featured-listings?placementType=homepage|category&categoryId=: the page's live placements (one
 * impression each: the page showed them); GET /api/featured-listings/part-ids: the parts featured now, for
 * the cards' Featured mark; POST /api/featured-listings/{id}/click: the card's click beacon.
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
  // Ids only (not checked for being live: a card that says Featured for a few seconds more does no harm).
  router.get(
    '/featured-listings/part-ids',
    handle({}, () => featured.featuredPartIds()),
  );
  // A browser clicks a few cards a minute; more from one address is someone inflating a placement's figures.
  const clicks = container.get(RateLimits).limit('featured-clicks', { windowMs: 60_000, limit: CLICKS_PER_MINUTE, message: 'Too many clicks from your network', key: clientAddress });
  router.post(
    '/featured-listings/:id/click',
    clicks,
    handle({ params: idParams }, ({ params }, _req, res) => {
      stats.click(params.id);
      res.status(204).end();
      return undefined;
    }),
  );
  return router;
}
