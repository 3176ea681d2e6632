import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import session from 'express-session';
import { pinoHttp } from 'pino-http';
import type { Container } from 'inversify';
import { runWithRequestEntityManager } from '../db/request-em.js';
import { Database } from '../db/database.js';
import { readYourWrites } from '../db/replicas.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { PitlaneModule } from '../module.js';
import { TOKENS } from '../tokens.js';
import { packageRoot } from '../paths.js';
import { IdentityLookup, requireRole } from './auth.js';
import { csrfGuard } from './csrf.js';
import { securityHeaders } from './security-headers.js';
import { createSessionStore } from './session-store.js';
import { requestScope } from '../request-scope.js';
import { apiNotFound, errorHandler } from './errors.js';
import { refuseInvalidUtf8 } from './validate.js';
import { privateByDefault } from './cache-control.js';
import { Metrics, metricsHandler } from '../metrics.js';
import { POLICY_GUARDED_WRITES, PolicyGate, requireCurrentPolicies } from './policy-gate.js';
// The web app's page list: pure data and a matcher, shared with its router (no React).
import { isWebRoute } from '../../web/routes.js';

/** The request path without its query string (which may carry tokens). */
const pathOf = (req: { originalUrl?: string; url?: string }) => String(req.originalUrl ?? req.url).split('?')[0];

export const SESSION_COOKIE = 'pitlane.sid';

/** What /api/health reports: ready once the database answers and the worker (if any) runs. */
export interface Readiness {
  database: boolean;
  worker: boolean;
}

export interface AppOptions {
  container: Container;
  modules: PitlaneModule[];
  readiness: Readiness;
  /** The process's metrics (main.ts shares it with the WebSocket hub and the worker); made here when omitted. */
  metrics?: Metrics;
  /** Folder holding the built web app (index.html) and admin console (admin/index.html). */
  staticDir?: string;
}

/** Whether the database answers `select 1` within `ms` (a pool waiting for a free connection counts as no). */
/**
 * A front end's files, and its index.html for every other GET: with status 404 when `knows` says no page of the
 * app has that path (the page then shows the app's not-found screen), 200 otherwise.
 */
function spa(dir: string, indexFile: string, knows: (pathname: string) => boolean = () => true): RequestHandler[] {
  const router = express.Router();
  router.use(express.static(dir, { index: false, maxAge: '1y', immutable: true, fallthrough: true }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.set('Cache-Control', 'no-cache');
    if (!knows(req.path)) res.status(404);
    res.sendFile(indexFile);
  });
  return [router];
}

/** Builds the Express application: API, live session, admin resources and the two front ends. */
export function createApp({ container, modules, readiness, metrics: given, staticDir }: AppOptions): Express {
  const config = container.get<Config>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const db = container.get(Database);
  const orm = db.orm;
  const pool = db.pool('system');

  const app = express();
  app.disable('x-powered-by');
  // No ETag on API answers: hashing every JSON body cost about 4 % of the part page's CPU, for 304s that the
  // web app (react-query keeps its own cache) does not ask for. Static files keep theirs (serve-static).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  // GET /api/metrics exists only with METRICS_TOKEN (otherwise the API's 404); requests are timed only then.
  const metrics = config.metricsToken ? (given ?? new Metrics(container)) : undefined;
  if (metrics) app.use(metrics.httpTimer());
  app.use(securityHeaders(config.publicUrl, { stripe: Boolean(config.stripePublishableKey) }));
  const identity = container.get(IdentityLookup);
  app.locals.identity = identity;

  // One access-log line per request at level info; with a quieter LOG_LEVEL pino-http would log nothing but
  // still build a child logger per request (errors are logged by errorHandler either way).
  if (logger.isLevelEnabled('info')) app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => ['/api/health', '/api/ready', '/api/metrics'].includes(pathOf(req)) },
      serializers: {
        req: (req) => ({ method: req.method, path: String(req.raw?.originalUrl ?? req.url).split('?')[0] }),
        res: (res) => ({ status: res.statusCode }),
      },
      customSuccessMessage: (req, res, time) => `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(time)}ms`,
      customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      quietReqLogger: true,
    }),
  );

  // Answers that may depend on who asks are never stored by a cache (cache-control.ts); errors: errorHandler.
  app.use('/api', privateByDefault(SESSION_COOKIE));

  // Liveness: the process started and its event loop answers. It never touches the database, so a starved pool
  // or a database outage does not get a healthy process restarted (that is /api/ready's business).
  app.get('/api/health', (_req, res) => {
    const ok = readiness.database && readiness.worker;
    res.set('Cache-Control', 'no-store').status(ok ? 200 : 503).json(ok ? { status: 'ok' } : { status: 'starting', worker: readiness.worker });
  });

  // Readiness (load balancers, orchestrators): 503 before start and while stopping, while no write connection can
  // be had within a second (the database is down or the pool is starved), or once this process's worker stopped.
  app.get('/api/ready', async (_req, res) => {
    const database = readiness.database && (await db.canServe(1000));
    const ok = database && readiness.worker;
    const pools = db.stats().map(({ pool: name, max, total, idle, waiting }) => ({ pool: name, max, total, idle, waiting }));
    const replicas = db.replicas.map((r) => ({ name: r.name, up: r.up, lagSeconds: Number.isFinite(r.lagSeconds) ? r.lagSeconds : null, lagBytes: Number.isFinite(r.lagBytes) ? r.lagBytes : null }));
    res.set('Cache-Control', 'no-store').status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable', database, worker: readiness.worker, pools, replicas });
  });
  if (metrics && config.metricsToken) app.get('/api/metrics', metricsHandler(metrics, config.metricsToken, logger));

  // Providers' webhooks read their raw body (signatures): before the JSON parser, sessions and the CSRF guard.
  for (const module of modules) if (module.webhooks) app.use('/api', module.webhooks(container));

  const api = express.Router();
  api.use(requestScope);
  // With read replicas, a browser that just wrote reads from the primary for a while (platform/db/replicas.ts).
  if (db.replicas.length) api.use(readYourWrites());
  api.use(express.json({ limit: '1mb', verify: refuseInvalidUtf8 }));
  const sessions = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: createSessionStore(pool, Date.now, (sid, now) => identity.readSession(sid, now)),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.trustProxy !== false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: 30 * 24 * 3600 * 1000 },
  });
  // A GET or HEAD without the session cookie has no session to read and may not start one (sessions start at
  // sign-in and registration, both POSTs): skipping express-session there saves generating and hashing a
  // session nobody stores, on every anonymous page of the catalog. req.session is then undefined.
  api.use((req, res, next) =>
    (req.method === 'GET' || req.method === 'HEAD') && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ? next() : sessions(req, res, next),
  );
  api.use(csrfGuard([config.publicUrl]));
  api.use((_req, _res, next) => runWithRequestEntityManager(orm.em, next));

  // Bids, listings and purchases wait for the current policies' acceptance (policy-gate.ts).
  if (container.isBound(PolicyGate)) api.post(POLICY_GUARDED_WRITES, requireCurrentPolicies(container.get(PolicyGate)));

  const admin = express.Router();
  admin.use(requireRole('admin'));
  for (const module of modules) {
    if (module.routes) api.use(module.routes(container));
    if (module.adminRoutes) admin.use(module.adminRoutes(container));
  }
  api.use('/admin', admin);
  api.use(apiNotFound);
  app.use('/api', api);

  const root = staticDir ?? path.join(packageRoot(), 'dist');
  const adminDir = path.join(root, 'admin');
  const webDir = path.join(root, 'web');
  if (existsSync(path.join(adminDir, 'index.html'))) {
    app.use('/admin', ...spa(adminDir, path.join(adminDir, 'index.html')));
  }
  if (existsSync(path.join(webDir, 'index.html'))) {
    app.use(...spa(webDir, path.join(webDir, 'index.html'), isWebRoute));
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('Pitlane API is running. The web app is not built: run `npm run build` (or `npm run dev`).');
    });
  }
  app.use(errorHandler(logger));
  return app;
}
