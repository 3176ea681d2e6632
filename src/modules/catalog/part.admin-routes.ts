import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { adminListQuery, parseAdminList, sendAdminList } from '../../platform/http/admin-rest.js';
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

/** Console resource `parts`: list (filters q, status, isApproved, isActive, sellerId, category) and show. */
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

  return router;
}
