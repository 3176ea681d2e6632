import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { REVIEW_SORTABLE } from './conversation-admin.repository.js';
import { ConversationAdminService } from './conversation-admin.service.js';

const REVIEW_STATUSES = ['open', 'dismissed', 'suspended'] as const;
const statusMessage = 'Review status must be open, dismissed or suspended';
const reviewFilter = z.object({
  reviewStatus: z.enum(REVIEW_STATUSES, { message: statusMessage }).optional(),
  q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
});
const reviewUpdate = z.object({ reviewStatus: z.enum(REVIEW_STATUSES, { message: statusMessage }) });

/**
 * Console resource `reported-conversations`: conversations flagged for off-platform contact or reported by a
 * participant, with their messages and reports; an admin dismisses them or records a suspension.
 */
export function conversationAdminRoutes(container: Container): Router {
  const reviews = container.get(ConversationAdminService);
  const router = Router();
  router.get(
    '/reported-conversations',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: REVIEW_SORTABLE, defaultSort: ['flaggedAt', 'DESC'], filter: reviewFilter });
      const { rows, total } = await reviews.list({ ...list.filter, ids: list.ids }, { offset: list.offset, limit: list.limit, orderBy: list.orderBy });
      sendAdminList(res, 'reported-conversations', rows, list.offset, total);
    }),
  );
  router.get('/reported-conversations/:id', handle({ params: idParams }, async ({ params }) => reviews.get(params.id)));
  const update = handle({ params: idParams, body: reviewUpdate }, async ({ params, body }) => reviews.setReviewStatus(params.id, body.reviewStatus));
  router.put('/reported-conversations/:id', update);
  router.patch('/reported-conversations/:id', update);
  refuseMethods(router, '/reported-conversations/:id', ['DELETE'], 'GET, PUT, PATCH', 'Conversations are kept: dismiss them instead.');
  refuseMethods(router, '/reported-conversations', ['POST'], 'GET', 'Conversations are flagged by their messages and reported by their participants.');
  return router;
}
