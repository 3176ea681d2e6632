import { Router, type Request, type Response } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor } from '../../platform/http/auth.js';
import { handle, sendList } from '../../platform/http/validate.js';
import { SESSION_COOKIE } from '../../platform/http/app.js';
import { clientAddress, RateLimits } from '../../platform/http/rate-limit.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';
import { z } from 'zod';
import { EmailVerificationService } from './email-verification.service.js';
import { RegistrationService } from './registration.service.js';
import { SignInService } from './sign-in.service.js';
import { SignInBackoff, SignInBackoffError } from './sign-in.backoff.js';
import { UserService } from './user.service.js';
import {
  loginRedirectQuery,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  userListQuery,
  verifyEmailSchema,
} from './account.schemas.js';
import { requireRole } from '../../platform/http/auth.js';
import { RESEND_VERIFICATION_MESSAGES } from './account.messages.js';

/**
 * Failed sign-ins allowed per client address over all accounts (credential stuffing) in the window; one account's
 * own guesses from an address are slowed sooner by SignInBackoff. Without TRUST_PROXY every client behind one
 * proxy shares the proxy's address.
 */
export const LOGIN_FAILURE_LIMIT_PER_ADDRESS = 100;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** Verification links one client address may ask for in RESEND_WINDOW_MS (each account gets one a minute at most). */
export const RESENDS_PER_ADDRESS = 20;
export const RESEND_WINDOW_MS = 60 * 60 * 1000;

const userIdParams = z.object({ id: z.uuid({ message: 'Not a valid user id' }) });

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
const save = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
const destroy = (req: Request) =>
  new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));

/** Whether a GET is a navigation from one of our pages or one the user started (address bar, bookmark). */
const isOwnNavigation = (req: Request) => ['same-origin', 'none'].includes(req.get('sec-fetch-site') ?? '');

/** What GET /api/logout answers to a link from another site (or a browser that does not say where it came from). */
export const SIGN_OUT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign out of Pitlane</title></head>
<body>
<main>
<h1>Sign out of Pitlane?</h1>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;

/** Registration, sign-in, the current user and users (policy acceptances: policy.routes.ts). */
export function accountRoutes(container: Container): Router {
  const registration = container.get(RegistrationService);
  const verification = container.get(EmailVerificationService);
  const signIn = container.get(SignInService);
  const backoff = container.get(SignInBackoff);
  const users = container.get(UserService);
  const config = container.get<Config>(TOKENS.Config);
  const router = Router();

  const loginMessage = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
  const limits = container.get(RateLimits);
  const perAddress = limits.limit('sign-in-failures', {
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_FAILURE_LIMIT_PER_ADDRESS,
    onlyFailures: true,
    message: loginMessage,
    key: clientAddress,
  });
  const registrations = limits.limit('registrations', {
    windowMs: REGISTRATION_WINDOW_MS,
    limit: config.rateLimits.registrationsPerAddressPerHour,
    message: 'Too many accounts were registered from your network. Please try again in an hour.',
    key: clientAddress,
  });

  const verificationResends = limits.limit('verification-resends', {
    windowMs: RESEND_WINDOW_MS,
    limit: RESENDS_PER_ADDRESS,
    message: RESEND_VERIFICATION_MESSAGES.tooMany,
    key: clientAddress,
  });

  router.post(
    '/users',
    registrations,
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

  // A new verification link (issue 34): the same 202 for every name, so it tells nobody who has an account.
  router.post(
    '/auth/resend-verification',
    verificationResends,
    handle(
      { body: resendVerificationSchema },
      async ({ body }) => {
        await verification.resend(body.identifier);
        return { message: RESEND_VERIFICATION_MESSAGES.sent };
      },
      202,
    ),
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
    handle({ body: loginSchema }, async ({ body }, req, res) => {
      // Wrong passwords slow down this address on this account only (SignInBackoff), never the owner elsewhere.
      const account = await signIn.failureKey(body.identifier);
      const user = await backoff
        .attempt(clientAddress(req), account, () => signIn.authenticate(body.identifier, body.password))
        .catch((error: unknown) => {
          if (error instanceof SignInBackoffError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
          throw error;
        });
      await regenerate(req); // a new session id at sign-in defeats session fixation
      req.session.userId = user.id;
      await save(req);
      return users.currentUser(user.id);
    }),
  );

  const signOut = async (req: Request, res: Response) => {
    await destroy(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  };

  // The spec's sign-out link. Only a navigation from our own pages (or one the user typed) signs out at once;
  // a link on another site gets a page whose button posts, so it cannot sign anyone out by itself.
  router.get('/logout', async (req, res) => {
    if (isOwnNavigation(req)) {
      await signOut(req, res);
      res.redirect(302, '/');
      return;
    }
    res.set('Cache-Control', 'no-store').type('html').send(SIGN_OUT_PAGE);
  });

  // The sign-out itself: the form of that page and the web app's Sign Out post here (csrfGuard refuses other sites).
  router.post('/logout', async (req, res) => {
    await signOut(req, res);
    res.redirect(303, '/');
  });

  router.post('/auth/logout', async (req, res) => {
    await signOut(req, res);
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

  return router;
}
