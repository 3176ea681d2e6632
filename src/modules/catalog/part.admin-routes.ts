import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { requireActor } from '../../platform/http/auth.js';
import { handle } from '../../platform/http/validate.js';
import { partIdParams } from './part.schemas.js';
import { PART_REVIEW_STATUSES, PartReviewService } from './part-review.service.js';

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

const filterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  isApproved: flag,
  isActive: flag,
  sellerId: z.uuid({ message: 'Not a valid seller id' }).optional(),
  category: z.string().trim().toLowerCase().max(100).optional(),
  status: z
    .enum(PART_REVIEW_STATUSES, { message: `Status must be one of ${PART_REVIEW_STATUSES.join(', ')}` })
    .optional(),
});

export const UNPUBLISH_REASON_MESSAGE = 'A reason is required: it is mailed to the seller';
const unpublishBody = z.object({
  reason: z.string({ message: UNPUBLISH_REASON_MESSAGE }).trim().min(1, UNPUBLISH_REASON_MESSAGE).max(1000, 'The reason must be at most 1000 characters'),
});

/**
 * Console resource `parts`: list (filters q, status, isApproved, isActive, sellerId, category), show, unpublish
 * with a reason, and delete (for spam). Listings are edited by their sellers, so PUT is a 405.
 */
export function partAdminRoutes(container: Container): Router {
  const parts = container.get(PartReviewService);
  const router = Router();

  router.get(
    '/parts',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'updatedAt', 'title', 'price', 'isApproved'],
        defaultSort: ['createdAt', 'DESC'],
        filter: filterSchema,
      });
      const { rows, total } = await parts.adminList(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: list.orderBy },
      );
      sendAdminList(res, 'parts', rows, list.offset, total);
    }),
  );

  router.get('/parts/:id', handle({ params: partIdParams }, async ({ params }) => parts.adminGet(params.id)));
  router.post(
    '/parts/:id/unpublish',
    handle({ params: partIdParams, body: unpublishBody }, async ({ params, body }, req) =>
      parts.unpublish(params.id, body.reason, await requireActor(req)),
    ),
  );
  router.delete('/parts/:id', handle({ params: partIdParams }, async ({ params }, req) => parts.deleteAsSpam(params.id, await requireActor(req))));
  refuseMethods(router, '/parts', ['POST'], 'GET', 'Listings are created by sellers, not in the console');
  refuseMethods(
    router,
    '/parts/:id',
    ['PUT', 'PATCH'],
    'GET, DELETE',
    'Listings are edited by their sellers: approve, reject or unpublish them with a reason instead',
  );

  return router;
}
