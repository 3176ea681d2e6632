import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { reviewIdParams, reviewModerationSchema } from './reputation.schemas.js';
import { ReviewService } from './review.service.js';

/** The console's `reported-reviews` resource: reviews other users reported; PUT hides, restores or dismisses. */
export function reviewAdminRoutes(container: Container): Router {
  const reviews = container.get(ReviewService);
  const router = Router();
  router.get(
    '/reported-reviews',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['reportCount', 'createdAt', 'rating'],
        defaultSort: ['reportCount', 'DESC'],
        filter: z.object({ isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional() }),
      });
      const { rows, total } = await reviews.reported(list, { isPublic: list.filter.isPublic, ids: list.ids });
      sendAdminList(res, 'reported-reviews', rows, list.offset, total);
    }),
  );
  router.get('/reported-reviews/:reviewId', handle({ params: reviewIdParams }, async ({ params }) => reviews.reportedOne(params.reviewId)));
  router.put(
    '/reported-reviews/:reviewId',
    handle({ params: reviewIdParams, body: reviewModerationSchema }, async ({ params, body }, req) =>
      reviews.moderate(params.reviewId, body, await requireActor(req)),
    ),
  );
  refuseMethods(router, '/reported-reviews', ['POST'], 'GET', 'Users report reviews from the storefront');
  refuseMethods(router, '/reported-reviews/:reviewId', ['DELETE', 'PATCH'], 'GET, PUT', 'Hide a review instead of deleting it');
  return router;
}
