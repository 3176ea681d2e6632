import { Router } from 'express';
import type { Container } from 'inversify';
import { getActor } from '../../platform/http/auth.js';
import { clientAddress, RateLimits } from '../../platform/http/rate-limit.js';
import { handle } from '../../platform/http/validate.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';
import { contactRequestSchema } from './contact-request.schemas.js';
import { ContactRequestService } from './contact-request.service.js';

const HOUR_MS = 60 * 60 * 1000;

/** POST /api/contact-requests: anyone may write to support, a few times an hour per address. */
export function contactRequestRoutes(container: Container): Router {
  const requests = container.get(ContactRequestService);
  const config = container.get<Config>(TOKENS.Config);
  const router = Router();
  const perAddress = container.get(RateLimits).limit('contact-requests', {
    windowMs: HOUR_MS,
    limit: config.rateLimits.contactRequestsPerAddressPerHour,
    message: 'Too many messages were sent from your network. Please try again in an hour, or email us.',
    key: clientAddress,
  });
  router.post(
    '/contact-requests',
    perAddress,
    handle(
      { body: contactRequestSchema },
      async ({ body }, req) => requests.create(body, (await getActor(req))?.id ?? null),
      201,
    ),
  );
  return router;
}
