import { Router, type Request } from 'express';
import type { Container } from 'inversify';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { SESSION_COOKIE } from '../../platform/http/app.js';
import { z } from 'zod';
import { EmailVerificationService } from './email-verification.service.js';
import { PolicyAcceptanceService } from './policy-acceptance.service.js';
import { RegistrationService } from './registration.service.js';
import { SignInService } from './sign-in.service.js';
import { UserService } from './user.service.js';
import {
  loginRedirectQuery,
  loginSchema,
  policyAcceptanceSchema,
  registerSchema,
  userListQuery,
  verifyEmailSchema,
} from './account.schemas.js';
import { requireRole } from '../../platform/http/auth.js';

/** Failed sign-ins allowed per client address and account name in the window before a 429. */
export const LOGIN_FAILURE_LIMIT = 10;
/** Failed sign-ins allowed per client address over all account names (credential stuffing). */
export const LOGIN_FAILURE_LIMIT_PER_ADDRESS = 100;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const userIdParams = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
const destroy = (req: Request) =>
  new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));

/** Registration, sign-in, the current user, users and policy acceptances. */
export function accountRoutes(container: Container): Router {
  const registration = container.get(RegistrationService);
  const verification = container.get(EmailVerificationService);
  const signIn = container.get(SignInService);
  const users = container.get(UserService);
  const policies = container.get(PolicyAcceptanceService);
  const router = Router();

  const limiter = (limit: number, key: (req: Request) => string) =>
    rateLimit({
      windowMs: LOGIN_WINDOW_MS,
      limit,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: key,
      handler: (_req, res) => {
        res.status(429).json({
          message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
          code: 'rate_limited',
        });
      },
    });
  const address = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');
  const loginName = (req: Request) => {
    const body = (req.body ?? {}) as { username?: unknown; email?: unknown };
    return String(body.username || body.email || '').trim().toLowerCase();
  };
  const perAccount = limiter(LOGIN_FAILURE_LIMIT, (req) => `${address(req)}|${loginName(req)}`);
  const perAddress = limiter(LOGIN_FAILURE_LIMIT_PER_ADDRESS, address);

  router.post(
    '/users',
    handle(
      { body: registerSchema },
      async ({ body }, req) => {
        const created = await registration.register(body, req.ip);
        // Lets this browser record the new user's policy acceptances before they sign in.
        req.session.registeredUserId = created.id;
        await save(req);
        return created;
      },
      201,
    ),
  );

  router.post(
    '/auth/verify-email',
    handle({ body: verifyEmailSchema }, async ({ body }) => verification.verify(body.token)),
  );

  router.get(
    '/login',
    handle({ query: loginRedirectQuery }, async ({ query }, _req, res) => {
      res.redirect(302, query.returnTo ? `/login?returnTo=${encodeURIComponent(query.returnTo)}` : '/login');
    }),
  );

  router.post(
    '/auth/login',
    perAddress,
    perAccount,
    handle({ body: loginSchema }, async ({ body }, req) => {
      const user = await signIn.authenticate(body.identifier, body.password);
      await regenerate(req); // a new session id at sign-in defeats session fixation
      req.session.userId = user.id;
      await save(req);
      return users.currentUser(user.id);
    }),
  );

  router.get('/logout', async (req, res) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(302, '/');
  });

  router.post('/auth/logout', async (req, res) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ signedOut: true });
  });

  router.get(
    '/auth/user',
    handle({}, async (_input, req) => {
      const actor = await requireActor(req);
      return users.currentUser(actor.id);
    }),
  );

  router.get(
    '/users',
    requireRole('admin'),
    handle({ query: userListQuery }, async ({ query }, _req, res) =>
      sendList(res, await users.listUsers({ role: query.role, q: query.q }, { offset: query.offset, limit: query.limit })),
    ),
  );

  router.get(
    '/users/:id',
    handle({ params: userIdParams }, async ({ params }, req) => users.getUser(params.id, await getActor(req))),
  );

  router.post(
    '/policy-acceptances',
    handle(
      { body: policyAcceptanceSchema },
      async ({ body }, req) => {
        const actor = await getActor(req);
        const allowed = [actor?.id, req.session.registeredUserId].filter((v): v is string => Boolean(v));
        if (!allowed.length) await requireActor(req);
        return policies.accept(allowed, body, {
          ipAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          userAgent: req.get('user-agent') ?? null,
        });
      },
      201,
    ),
  );

  router.get(
    '/users/:id/policy-status',
    requireSignIn,
    handle({ params: userIdParams }, async ({ params }, req) =>
      policies.status(await requireActor(req), params.id),
    ),
  );

  return router;
}
