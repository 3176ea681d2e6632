import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import { getActor } from '../http/auth.js';
import { handle, idParams, numeric } from '../http/validate.js';
import { hasRole } from '../roles.js';
import { DemoRuns } from './demo-runs.js';
import { DEFAULT_DEMO_PARTS, MAX_DEMO_PARTS } from './demo.runner.js';

/** Spec 001 §8: the answer to anyone but an admin on the seeding calls. */
export const DEMO_ADMIN_MESSAGE = 'Please sign in as an admin user to manage demo data. Use the Sign In button in the top navigation.';

const partsMessage = `Parts must be a whole number from 1 to ${MAX_DEMO_PARTS}`;
export const seedDemoBody = z.object({
  parts: numeric(z.number({ message: partsMessage }).int(partsMessage).min(1, partsMessage).max(MAX_DEMO_PARTS, partsMessage)).default(DEFAULT_DEMO_PARTS),
});

/** Spec 001 §6: the seeding calls answer 401 to every non-admin (signed out or not an admin), with §8's message. */
const requireDemoAdmin: RequestHandler = async (req, _res, next) => {
  const actor = await getActor(req);
  if (!actor || !hasRole(actor.role, 'admin')) throw Errors.unauthorized(DEMO_ADMIN_MESSAGE);
  next();
};

/**
 * The spec's two calls, `POST /api/admin/seed-demo` and `DELETE /api/admin/clear-demo`: each queues a job running
 * the same code as the CLI and answers 202 with the run, which the console polls. Mounted with the public routes
 * (ahead of the console's admin router) so that a signed-in non-admin gets the spec's 401, not the console's 403.
 */
export function demoRoutes(container: Container): Router {
  const router = Router();
  const runs = container.get(DemoRuns);
  const clock = container.get(Clock);
  router.post(
    '/admin/seed-demo',
    requireDemoAdmin,
    handle({ body: seedDemoBody }, async ({ body }, req) => runs.request('seed', body.parts, (await getActor(req))!.id, clock.now()), 202),
  );
  router.delete(
    '/admin/clear-demo',
    requireDemoAdmin,
    handle({}, async (_input, req) => runs.request('clear', null, (await getActor(req))!.id, clock.now()), 202),
  );
  return router;
}

/** The Demo Data tab's reads, behind the console's admin check: GET /api/admin/demo and /api/admin/demo/runs/:id. */
export function demoAdminRoutes(container: Container): Router {
  const router = Router();
  const runs = container.get(DemoRuns);
  router.get('/demo', handle({}, () => runs.status()));
  router.get(
    '/demo/runs/:id',
    handle({ params: idParams }, async ({ params }) => (await runs.find(params.id)) ?? Promise.reject(Errors.notFound('Demo run'))),
  );
  return router;
}
