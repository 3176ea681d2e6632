import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { RateLimits } from '../../platform/http/rate-limit.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { photoUploadHandlers, UploadService } from '../catalog/index.js';
import { fitmentAnswerSchema, fitmentQuestionListQuery, fitmentQuestionSchema, partIdParams, questionIdParams } from './fitment-question.schemas.js';
import { FitmentQuestionService } from './fitment-question.service.js';

/**
 * "Will it fit my ...?" (issue 35): POST /api/parts/{id}/fitment-questions (the buyer asks), GET of the same path
 * (public, the asker withheld), POST /api/fitment-questions/{id}/answer (the seller, once), and the photos' upload.
 */
export function fitmentQuestionRoutes(container: Container): Router {
  const questions = container.get(FitmentQuestionService);
  const uploads = container.get(UploadService);
  const router = Router();

  // A casting number or a VIN plate: the listing upload rules and the account's hourly budget.
  const photos = photoUploadHandlers(uploads, container.get(RateLimits));
  router.post('/fitment-questions/photos', requireSignIn, photos.budget, photos.receive, handle({}, async (_input, req) => uploads.store(req.file), 201));

  router.post(
    '/parts/:id/fitment-questions',
    requireSignIn,
    handle(
      { params: partIdParams, body: fitmentQuestionSchema },
      async ({ params, body }, req) => {
        const actor = await requireActor(req);
        await uploads.requireStored(body.photos.map((p) => p.url), 'photos');
        return questions.ask(actor, params.id, body);
      },
      201,
    ),
  );
  router.get(
    '/parts/:id/fitment-questions',
    handle({ params: partIdParams, query: fitmentQuestionListQuery }, async ({ params, query }, _req, res) => sendList(res, await questions.list(params.id, query))),
  );
  router.post(
    '/fitment-questions/:id/answer',
    requireSignIn,
    handle({ params: questionIdParams, body: fitmentAnswerSchema }, async ({ params, body }, req) => questions.answer(await requireActor(req), params.id, body)),
  );
  return router;
}
