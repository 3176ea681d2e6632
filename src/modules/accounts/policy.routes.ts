import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { getActor, requireActor, requireRole, requireSignIn } from '../../platform/http/auth.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { PolicyAcceptanceService } from './policy-acceptance.service.js';
import { acceptanceListQuery, acceptPolicySchema } from './policy.schemas.js';

const userIdParams = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });

/**
 * Policies (spec 001 §7): GET /api/policies (the current versions, public), POST /api/policy-acceptances (the
 * signed-in user, or the user this browser just registered), GET /api/policy-acceptances (admins: the recorded
 * acceptances, as the console's `/api/admin/policy-acceptances` does per user) and GET /api/users/{id}/policy-status
 * (self or admin).
 */
export function policyRoutes(container: Container): Router {
  const policies = container.get(PolicyAcceptanceService);
  const router = Router();

  router.get(
    '/policies',
    handle({}, async (_input, _req, res) => {
      // The same for everyone: revalidated, not kept (a signed-in reader's answer is no-store already).
      if (!res.getHeader('Cache-Control')) res.set('Cache-Control', 'no-cache');
      return policies.currentVersions();
    }),
  );

  router.post(
    '/policy-acceptances',
    handle(
      { body: acceptPolicySchema },
      async ({ body }, req) => {
        const actor = await getActor(req);
        const allowed = [actor?.id, req.session?.registeredUserId].filter((v): v is string => Boolean(v));
        if (!allowed.length) await requireActor(req);
        // req.ip is the client's address as TRUST_PROXY allows reading it (never a placeholder).
        return policies.accept(allowed, body, {
          ipAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          userAgent: req.get('user-agent') ?? null,
        });
      },
      201,
    ),
  );

  router.get(
    '/policy-acceptances',
    requireRole('admin'),
    handle({ query: acceptanceListQuery }, async ({ query }, _req, res) => sendList(res, await policies.list(query))),
  );

  router.get(
    '/users/:id/policy-status',
    requireSignIn,
    handle({ params: userIdParams }, async ({ params }, req) => policies.status(await requireActor(req), params.id)),
  );

  return router;
}
