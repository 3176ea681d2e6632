import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import multer from 'multer';
import { Errors } from '../../platform/errors.js';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { limitRequests } from '../../platform/http/rate-limit.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMIT_WINDOW_MS, UPLOAD_MESSAGES, UploadService } from '../catalog/index.js';
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
import { ReturnService } from './return.service.js';

/** Returns of orders (mounted under /api). */
export function returnRoutes(container: Container): Router {
  const returns = container.get(ReturnService);
  const uploads = container.get(UploadService);
  const router = Router();

  // Buyers photograph the problem: the listing upload rules (JPEG or PNG up to 5 MB, re-encoded), for any signed-in user.
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } }).single('file');
  const receivePhoto: RequestHandler = (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const message =
          error.code === 'LIMIT_FILE_SIZE'
            ? UPLOAD_MESSAGES.size
            : error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT'
              ? 'Send one photo per request, in the form field "file"'
              : 'The upload could not be read';
        return next(Errors.invalid(`upload_${error.code.toLowerCase()}`, message, { file: message }));
      }
      next(error);
    });
  };
  const uploadBudget = limitRequests({
    windowMs: UPLOAD_LIMIT_WINDOW_MS,
    limit: uploads.hourlyLimitPerAccount,
    message: UPLOAD_MESSAGES.tooMany,
    key: async (req) => (await requireActor(req)).id,
  });
  router.post('/returns/photos', requireSignIn, uploadBudget, receivePhoto, handle({}, async (_input, req) => uploads.store(req.file), 201));

  router.post(
    '/orders/:id/returns',
    requireSignIn,
    handle({ params: orderIdParams, body: returnCreateSchema }, async ({ params, body }, req) => returns.request(params.id, body, await requireActor(req)), 201),
  );
  router.get(
    '/returns',
    requireSignIn,
    handle({ query: returnListQuery }, async ({ query }, req, res) => sendList(res, await returns.list(await requireActor(req), query))),
  );
  router.get('/returns/:id', requireSignIn, handle({ params: returnIdParams }, async ({ params }, req) => returns.view(params.id, await requireActor(req))));
  router.post(
    '/returns/:id/approve',
    requireSignIn,
    handle({ params: returnIdParams, body: approveSchema }, async ({ params, body }, req) => returns.approve(params.id, body.instructions, await requireActor(req))),
  );
  router.post(
    '/returns/:id/decline',
    requireSignIn,
    handle({ params: returnIdParams, body: declineSchema }, async ({ params, body }, req) => returns.decline(params.id, body.reason, await requireActor(req))),
  );
  router.post(
    '/returns/:id/ship',
    requireSignIn,
    handle({ params: returnIdParams, body: shipSchema }, async ({ params, body }, req) => returns.ship(params.id, body, await requireActor(req))),
  );
  router.post('/returns/:id/receive', requireSignIn, handle({ params: returnIdParams }, async ({ params }, req) => returns.receive(params.id, await requireActor(req))));
  router.post(
    '/returns/:id/refund',
    requireSignIn,
    handle({ params: returnIdParams, body: refundSchema }, async ({ params, body }, req) => returns.refund(params.id, body, await requireActor(req))),
  );
  router.post(
    '/returns/:id/escalate',
    requireSignIn,
    handle({ params: returnIdParams, body: escalateSchema }, async ({ params, body }, req) => returns.escalate(params.id, body.reason, await requireActor(req))),
  );
  return router;
}
