import { Router } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor, requireRole, requireSignIn } from '../../platform/http/auth.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { Errors } from '../../platform/errors.js';
import { z } from 'zod';
import {
  listingApprovalSchema,
  pageQuery,
  sellerApplicationSchema,
  sellerDecisionSchema,
  sellerIdParams,
  sellerIdParamsAlt,
  sellerListQuery,
  slugParams,
  storefrontUpdateSchema,
  userIdParams,
} from './seller.schemas.js';
import { reviewCreateSchema, reviewIdParams, reviewListQuery, reviewParams, reviewReportSchema, sellerResponseSchema } from './reputation.schemas.js';
import { SellerService } from './seller.service.js';
import { ReviewService } from './review.service.js';
import { BadgeService } from './badge.service.js';

const storefrontIdParams = z.object({ id: z.uuid({ message: 'Not a valid storefront id' }) });
const userBadgeParams = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });
const heldBadgeParams = userBadgeParams.extend({ badgeId: z.uuid({ message: 'Not a valid badge id' }) });
const badgeDisplaySchema = z.object({ isDisplayed: z.boolean({ message: 'isDisplayed must be true or false' }) });
/** At most 100 user ids, comma-separated (a page of part cards names at most that many sellers). */
const earnedBadgesQuery = z.object({
  userIds: z
    .string({ message: 'userIds is required' })
    .transform((v) => v.split(',').map((id) => id.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ message: 'Not a valid user id' })).min(1, 'userIds is required').max(100, 'At most 100 user ids')),
});

/** Seller applications, storefronts, reputation, reviews and badges (mounted under /api). */
export function sellerRoutes(container: Container): Router {
  const sellers = container.get(SellerService);
  const reviews = container.get(ReviewService);
  const badges = container.get(BadgeService);
  const router = Router();

  router.post(
    '/sellers',
    requireSignIn,
    handle({ body: sellerApplicationSchema }, async ({ body }, req) => sellers.apply(body, await requireActor(req)), 201),
  );
  router.get(
    '/sellers',
    requireRole('admin'),
    handle({ query: sellerListQuery }, async ({ query }, _req, res) => sendList(res, await sellers.list(query, query))),
  );
  router.get(
    '/sellers/by-user/:userId',
    requireSignIn,
    handle({ params: userIdParams }, async ({ params }, req) => sellers.byUser(params.userId, await requireActor(req))),
  );
  router.get(
    '/sellers/:id/parts',
    handle({ params: sellerIdParams, query: pageQuery }, async ({ params, query }, _req, res) =>
      sendList(res, await sellers.parts(params.id, query)),
    ),
  );
  router.get(
    '/sellers/:sellerId/storefront',
    handle({ params: sellerIdParamsAlt }, async ({ params }, req) =>
      sellers.storefrontOfSeller(params.sellerId, await getActor(req)),
    ),
  );
  router.patch(
    '/sellers/:id/listing-approval',
    requireRole('admin'),
    handle({ params: sellerIdParams, body: listingApprovalSchema }, async ({ params, body }, req) =>
      sellers.setListingApproval(params.id, body.requiresListingApproval, await requireActor(req)),
    ),
  );
  router.patch(
    '/sellers/:id',
    requireRole('admin'),
    handle({ params: sellerIdParams, body: sellerDecisionSchema }, async ({ params, body }, req) =>
      sellers.decide(params.id, body, await requireActor(req)),
    ),
  );

  router.get(
    '/sellers/:id/reputation',
    handle({ params: sellerIdParams }, async ({ params }) => reviews.reputationOf(params.id)),
  );
  router.get(
    '/sellers/:id/reviews',
    handle({ params: sellerIdParams, query: reviewListQuery }, async ({ params, query }, req, res) =>
      sendList(res, await reviews.list(params.id, query, await getActor(req))),
    ),
  );
  router.post(
    '/sellers/:id/reviews',
    requireSignIn,
    handle(
      { params: sellerIdParams, body: reviewCreateSchema },
      async ({ params, body }, req) => reviews.create(params.id, body, await requireActor(req)),
      201,
    ),
  );
  router.post(
    '/sellers/:id/reviews/:reviewId/response',
    requireSignIn,
    handle({ params: reviewParams, body: sellerResponseSchema }, async ({ params, body }, req) =>
      reviews.respond(params.id, params.reviewId, body.sellerResponse, await requireActor(req)),
    ),
  );
  router.post(
    '/reviews/:reviewId/helpful',
    requireSignIn,
    handle({ params: reviewIdParams }, async ({ params }, req) => reviews.markHelpful(params.reviewId, await requireActor(req))),
  );
  router.post(
    '/reviews/:reviewId/report',
    requireSignIn,
    handle({ params: reviewIdParams, body: reviewReportSchema }, async ({ params, body }, req) =>
      reviews.report(params.reviewId, body.reason, await requireActor(req)),
    ),
  );

  router.get(
    '/storefronts/slug/:slug',
    handle({ params: slugParams }, async ({ params }, req) => sellers.storefrontBySlug(params.slug, await getActor(req))),
  );
  router.patch(
    '/storefronts/:id',
    requireSignIn,
    handle({ params: storefrontIdParams, body: storefrontUpdateSchema }, async ({ params, body }, req) =>
      sellers.updateStorefront(params.id, body, await requireActor(req)),
    ),
  );

  router.get(
    '/badges',
    handle({ query: pageQuery.extend({ limit: pageQuery.shape.limit.default(100) }) }, async ({ query }, _req, res) =>
      sendList(res, await badges.listActive(query)),
    ),
  );
  router.get(
    '/badges/earned',
    handle({ query: earnedBadgesQuery }, async ({ query }) => badges.shownNames(query.userIds)),
  );
  router.get(
    '/users/:id/badges',
    handle(
      { params: userBadgeParams, query: pageQuery.extend({ limit: pageQuery.shape.limit.default(100) }) },
      async ({ params, query }, req, res) => sendList(res, await badges.ofUser(params.id, query, (await getActor(req))?.id ?? null)),
    ),
  );
  router.patch(
    '/users/:id/badges/:badgeId',
    requireSignIn,
    handle({ params: heldBadgeParams, body: badgeDisplaySchema }, async ({ params, body }, req) => {
      const actor = await requireActor(req);
      if (actor.id !== params.id) throw Errors.forbidden('You can only show or hide your own badges.');
      return badges.setDisplayed(params.id, params.badgeId, body.isDisplayed);
    }),
  );

  return router;
}
