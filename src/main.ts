import http from 'node:http';
import type { Express } from 'express';
import type { Runner } from 'graphile-worker';
import { loadConfig, type Config } from './platform/config.js';
import { createLogger, type Logger } from './platform/logger.js';
import { boot, type Runtime } from './platform/runtime.js';
import { createApp, type Readiness } from './platform/http/app.js';
import { LiveHub } from './platform/live.js';
import { liveSessionIdentify } from './platform/http/live-session.js';
import { IdentityLookup } from './platform/http/auth.js';
import { startWorker } from './jobs/runner.js';
import { applyReferenceData } from './platform/reference-data.js';
import { modules } from './modules.js';
import { Metrics } from './platform/metrics.js';
import { FileStore } from './platform/storage/index.js';

export interface Server {
  url: string;
  runtime: Runtime;
  hub: LiveHub;
  stop(): Promise<void>;
}

/**
 * Starts everything in one process: HTTP (answering 503 on /api/health until ready), database and
 * migrations, the API, both front ends, the WebSocket hub and, unless WORKER=off, the job worker.
 */
export async function serve(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<Server> {
  const readiness: Readiness = { database: false, worker: false };
  let app: Express | undefined;
  const server = http.createServer((req, res) => {
    if (app) return app(req, res);
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
    res.end(JSON.stringify({ status: 'starting', message: 'Pitlane is starting, try again in a moment' }));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port }, 'listening; starting the database');

  let runtime: Runtime;
  try {
    runtime = await boot(config, modules, { logger });
    // A bucket that cannot be reached (or an UPLOADS_DIR that cannot be made) stops the start with a clear
    // sentence, not at the first upload.
    await runtime.container.get(FileStore).check().catch(async (error: unknown) => {
      await runtime.close();
      throw error;
    });
  } catch (error) {
    server.close();
    throw error;
  }
  // Categories, makes and default badges a fresh install needs; only rows never applied before (reference-data.ts).
  await applyReferenceData(runtime.container, modules, logger);
  readiness.database = true;
  const metrics = config.metricsToken ? new Metrics(runtime.container) : undefined;
  metrics?.countWebSockets(server);
  app = createApp({ container: runtime.container, modules, readiness, metrics });
  const hub = new LiveHub(logger, (work) => runtime.db.withContext(work));
  // Each socket knows its signed-in user (per-user topics such as a user's messages).
  const identify = liveSessionIdentify(runtime.db.pool('system'), config.sessionSecret, runtime.container.get(IdentityLookup));
  await hub.attach(server, runtime.databaseUrl, identify);
  for (const module of modules) module.live?.(runtime.container, hub);

  let runner: Runner | undefined;
  if (config.worker) runner = await startWorker(runtime);
  readiness.worker = true;
  if (runner) metrics?.observeWorker(runner);
  // A worker that stops by itself (its database connection lost for good) makes the process unready (/api/ready).
  const workerStopped = () => {
    readiness.worker = false;
  };
  runner?.promise.then(workerStopped, workerStopped);
  logger.info({ url: config.publicUrl, worker: config.worker }, 'Pitlane is ready');

  let stopping: Promise<void> | undefined;
  // A graceful stop ends within SHUTDOWN_TIMEOUT_MS whatever is stuck: requests get half of it to finish, then
  // their connections are closed; jobs get what is left but a few seconds; the database layer ends this
  // process's own busy connections at its deadline (Database.close).
  const stop = () =>
    (stopping ??= (async () => {
      const deadline = performance.now() + config.shutdownTimeoutMs;
      const left = () => Math.max(0, deadline - performance.now());
      logger.info({ deadlineMs: config.shutdownTimeoutMs }, 'shutting down: no new connections, finishing requests and jobs');
      readiness.database = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await within(hub.close(), 2000);
      if (!(await within(closed, left() / 2))) {
        logger.warn('requests still running at the drain deadline: closing their connections');
        server.closeAllConnections();
      }
      if (runner && !(await within(runner.stop(), Math.max(0, left() - 4000)))) logger.warn('jobs still running at the stop deadline');
      await runtime.close(Math.max(1000, left() - 2000));
      logger.info('stopped');
    })());
  return { url: `http://127.0.0.1:${port}`, runtime, hub, stop };
}

/** Whether `promise` settled within `ms` (it goes on either way). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([
    promise.then(() => true, () => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return done;
}

/** Runs `serve` until SIGTERM or SIGINT, then stops gracefully. */
export async function serveUntilSignal(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const server = await serve(config, logger);
  const onSignal = (signal: string) => {
    logger.info({ signal }, 'signal received');
    // Past the stop's own deadline, leave anyway.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5000).unref();
    server.stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serveUntilSignal().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
