import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { BiddingPatternReviewService, PATTERN_SORT, type PatternSort } from './bidding-pattern-review.service.js';
import { patternFilter, patternReviewBody } from './bidding-pattern.schemas.js';

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
