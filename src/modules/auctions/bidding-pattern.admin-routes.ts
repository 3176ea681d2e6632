import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { BiddingPatternReviewService, PATTERN_SORT, type PatternSort } from './bidding-pattern-review.service.js';
import { PATTERN_ACTIONS, PATTERN_STATUSES } from './bidding-pattern.dto.js';

const ACTION_MESSAGE = `Action must be one of ${PATTERN_ACTIONS.join(', ')}`;

/** The queue's filters: review status, pattern, bidder, auction, action taken. */
export const patternFilter = z.object({
  status: z.enum(PATTERN_STATUSES, { message: `Status must be one of ${PATTERN_STATUSES.join(', ')}` }).optional(),
  patternType: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
  userId: z.uuid({ message: 'Not a valid user id' }).optional(),
  auctionId: z.uuid({ message: 'Not a valid auction id' }).optional(),
  actionTaken: z.enum(PATTERN_ACTIONS, { message: ACTION_MESSAGE }).optional(),
});

/** An admin's review (PUT; react-admin sends the whole record, of which only these fields are read). */
export const patternReviewBody = z.object({
  actionTaken: z.enum(PATTERN_ACTIONS, { message: ACTION_MESSAGE }),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
  suspiciousActivityScore: z
    .number({ message: 'Suspicious score must be between 0 and 100' })
    .int('Suspicious score must be between 0 and 100')
    .min(0, 'Suspicious score must be between 0 and 100')
    .max(100, 'Suspicious score must be between 0 and 100')
    .optional(),
});

const SORTABLE = Object.keys(PATTERN_SORT).filter((k) => k !== 'id') as PatternSort[];

/** Console resource `bidding-patterns`: the queue of flagged bids; PUT records the review; create and delete are 405s. */
export function biddingPatternAdminRoutes(container: Container): Router {
  const patterns = container.get(BiddingPatternReviewService);
  const router = Router();

  router.get(
    '/bidding-patterns',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: SORTABLE, defaultSort: ['flaggedAt', 'DESC'], filter: patternFilter });
      const { rows, total } = await patterns.list({ ...list.filter, ids: list.ids }, list);
      sendAdminList(res, 'bidding-patterns', rows, list.offset, total);
    }),
  );
  router.get(
    '/bidding-patterns/:id',
    handle({ params: idParams }, async ({ params }) => patterns.get(params.id)),
  );
  router.put(
    '/bidding-patterns/:id',
    handle({ params: idParams, body: patternReviewBody }, async ({ params, body }, req) => patterns.review(await requireActor(req), params.id, body)),
  );
  refuseMethods(router, '/bidding-patterns', ['POST'], 'GET', 'Flags are recorded by the bidding engine; the console cannot create them');
  refuseMethods(router, '/bidding-patterns/:id', ['DELETE', 'PATCH'], 'GET, PUT', 'Flags cannot be deleted: record the action taken instead');
  return router;
}
