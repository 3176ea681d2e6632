import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { photoUploadHandlers, UploadService } from '../catalog/index.js';
import { RateLimits } from '../../platform/http/rate-limit.js';
import {
  approveSchema,
  declineSchema,
  escalateSchema,
  orderIdParams,
  refundSchema,
  returnCreateSchema,
  returnIdParams,
  returnListQuery,
  shipSchema,
} from './return.schemas.js';
import { ReturnAnswerService } from './return-answer.service.js';
import { ReturnEscalationService } from './return-escalation.service.js';
import { ReturnRefundService } from './return-refund.service.js';
import { ReturnRelistService } from './return-relist.service.js';
import { ReturnRequestService } from './return-request.service.js';
import { ReturnViewService } from './return-view.service.js';

/** Returns of orders (mounted under /api). */
export function returnRoutes(container: Container): Router {
  const requests = container.get(ReturnRequestService);
  const views = container.get(ReturnViewService);
  const answers = container.get(ReturnAnswerService);
  const refunds = container.get(ReturnRefundService);
  const escalations = container.get(ReturnEscalationService);
  const relists = container.get(ReturnRelistService);
  const uploads = container.get(UploadService);
  const router = Router();

  // Buyers photograph the problem: the listing upload rules (JPEG or PNG up to 5 MB, re-encoded) and the same
  // hourly budget of the account, for any signed-in user.
  const photos = photoUploadHandlers(uploads, container.get(RateLimits));
  router.post('/returns/photos', requireSignIn, photos.budget, photos.receive, handle({}, async (_input, req) => uploads.store(req.file), 201));

  router.post(
    '/orders/:id/returns',
    requireSignIn,
    handle(
      { params: orderIdParams, body: returnCreateSchema },
      async ({ params, body }, req) => {
        const actor = await requireActor(req);
        // Each photo must be an upload that exists (400 naming photos.N), before the return is looked at.
        await uploads.requireStored(body.photos.map((p) => p.url), 'photos');
        return requests.request(params.id, body, actor);
      },
      201,
    ),
  );
  router.get(
    '/returns',
    requireSignIn,
    handle({ query: returnListQuery }, async ({ query }, req, res) => sendList(res, await views.list(await requireActor(req), query))),
  );
  router.get('/returns/:id', requireSignIn, handle({ params: returnIdParams }, async ({ params }, req) => views.view(params.id, await requireActor(req))));
  router.post(
    '/returns/:id/approve',
    requireSignIn,
    handle({ params: returnIdParams, body: approveSchema }, async ({ params, body }, req) => answers.approve(params.id, body.instructions, await requireActor(req))),
  );
  router.post(
    '/returns/:id/decline',
    requireSignIn,
    handle({ params: returnIdParams, body: declineSchema }, async ({ params, body }, req) => answers.decline(params.id, body.reason, await requireActor(req))),
  );
  router.post(
    '/returns/:id/ship',
    requireSignIn,
    handle({ params: returnIdParams, body: shipSchema }, async ({ params, body }, req) => answers.ship(params.id, body, await requireActor(req))),
  );
  router.post('/returns/:id/receive', requireSignIn, handle({ params: returnIdParams }, async ({ params }, req) => answers.receive(params.id, await requireActor(req))));
  router.post(
    '/returns/:id/refund',
    requireSignIn,
    handle({ params: returnIdParams, body: refundSchema }, async ({ params, body }, req) => refunds.refund(params.id, body, await requireActor(req))),
  );
  // The seller puts a part that came back, refunded, on sale again (the catalog's relist of a part sold by an order).
  router.post('/returns/:id/relist', requireSignIn, handle({ params: returnIdParams }, async ({ params }, req) => relists.relist(params.id, await requireActor(req))));
  router.post(
    '/returns/:id/escalate',
    requireSignIn,
    handle({ params: returnIdParams, body: escalateSchema }, async ({ params, body }, req) => escalations.escalate(params.id, body.reason, await requireActor(req))),
  );
  return router;
}
