import { Router } from 'express';
import type { Container } from 'inversify';
import { getActor } from '../../platform/http/auth.js';
import { clientAddress } from '../../platform/http/rate-limit.js';
import { handle } from '../../platform/http/validate.js';
import type { ListingActivityAcceptedDto } from './analytics.dto.js';
import { ListingActivityRecorder } from './listing-activity.recorder.js';
import { listingActivitySchema } from './listing-activity.schemas.js';

/** POST /api/analytics/events: the web app reports page views, search impressions and clicks of listings. */
export function analyticsRoutes(container: Container): Router {
  const recorder = container.get(ListingActivityRecorder);
  const router = Router();
  router.post(
    '/analytics/events',
    handle(
      { body: listingActivitySchema },
      async ({ body }, req): Promise<ListingActivityAcceptedDto> => {
        const actor = await getActor(req);
        const accepted = recorder.record(body, { userId: actor?.id ?? null, address: clientAddress(req), userAgent: req.get('user-agent') ?? '' });
        return { accepted };
      },
      202,
    ),
  );
  return router;
}
