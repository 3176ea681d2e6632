import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { handle } from '../../platform/http/validate.js';
import { PreferencesService } from './preferences.service.js';
import { preferencesPatchSchema } from './preferences.schemas.js';

/** GET and PATCH /api/account/preferences: the signed-in user's own preferences only (issue 19). */
export function preferencesRoutes(container: Container): Router {
  const preferences = container.get(PreferencesService);
  const router = Router();

  router.get(
    '/account/preferences',
    handle({}, async (_input, req) => preferences.get((await requireActor(req)).id)),
  );

  router.patch(
    '/account/preferences',
    handle({ body: preferencesPatchSchema }, async ({ body }, req) => preferences.update((await requireActor(req)).id, body)),
  );

  return router;
}
