import { timingSafeEqual, createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Container } from 'inversify';
import type { Runner } from 'graphile-worker';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from './logger.js';
import { Database } from './db/database.js';

/** One value of a module's metric, with its labels. */
export interface MetricValue {
  labels?: Record<string, string>;
  value: number;
}

/** A metric a module reports, read from its own tables at scrape time. */
export interface MetricFamily {
  /** `pitlane_<thing>_total` for counters. */
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  labelNames?: readonly string[];
  values: MetricValue[];
}

/**
 * A module's business figures for GET /api/metrics (each module binds its own, as with ConsoleFigures, so the
 * platform reads no module's tables). Figures come from the database, so every process reports the same value:
 * aggregate them with max(), not sum().
 */
export abstract class MetricsSource {
  /** This module's metrics as they stand now. */
  abstract read(): Promise<MetricFamily[]>;
}

/**
 * The route label of a finished request: the mount path and the matched route pattern (`/api/auctions/:id/bids`),
 * never the raw URL. Express forgets the mount path (baseUrl) when a handler fails, so it is rebuilt from the
 * request path: the routers here are mounted on literal paths (`/api`, `/admin`).
 */
export function routeLabel(req: Pick<Request, 'originalUrl'> & { route?: { path?: unknown } }): string {
  const pattern = req.route?.path;
  const path = req.originalUrl.split('?')[0] ?? '';
  if (typeof pattern !== 'string') return path === '/api' || path.startsWith('/api/') ? 'unmatched' : 'static';
  const own = pattern.split('/').filter(Boolean);
  const actual = path.split('/').filter(Boolean);
  return `/${[...actual.slice(0, Math.max(actual.length - own.length, 0)), ...own].join('/')}`;
}

const QUEUE_STATES = ['ready', 'scheduled', 'running', 'retrying', 'failed'] as const;

/**
 * The process's Prometheus registry: HTTP request durations by route pattern, open WebSocket connections, the job
 * queue (graphile-worker's public `jobs` view) and the worker's failures (its events), the database pools, the
 * modules' MetricsSource figures, and Node's own process metrics.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly jobOutcomes: Counter<'task' | 'outcome'>;
  private readonly moduleMetrics = new Map<string, Gauge<string> | Counter<string>>();
  private webSockets = 0;

  constructor(private readonly container: Container) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'pitlane_' });
    this.httpDuration = new Histogram({
      name: 'pitlane_http_request_duration_seconds',
      help: 'HTTP request durations by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.jobOutcomes = new Counter({
      name: 'pitlane_jobs_finished_total',
      help: "Job attempts this process's worker finished, by task and outcome (success, error: will retry or fail, failed: out of attempts)",
      labelNames: ['task', 'outcome'],
      registers,
    });
    const sockets: Gauge = new Gauge({
      name: 'pitlane_websocket_connections',
      help: 'Open WebSocket connections (/api/ws) of this process',
      registers,
      collect: () => sockets.set(this.webSockets),
    });
    const queue: Gauge<'state'> = new Gauge({
      name: 'pitlane_jobs_queued',
      help: 'Jobs in the queue by state: ready (due), scheduled (later), running (locked), retrying (failed before, will run again), failed (out of attempts)',
      labelNames: ['state'],
      registers,
      collect: async () => {
        const pool = this.container.get(Database).pool('system');
        const { rows } = await pool.query<Record<(typeof QUEUE_STATES)[number], number>>(
          `select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as ready,
                  count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
                  count(*) filter (where locked_at is not null)::int as running,
                  count(*) filter (where locked_at is null and attempts > 0 and attempts < max_attempts)::int as retrying,
                  count(*) filter (where attempts >= max_attempts)::int as failed
             from graphile_worker.jobs`,
        );
        for (const state of QUEUE_STATES) queue.set({ state }, rows[0]?.[state] ?? 0);
      },
    });
    const pools: Gauge<'pool' | 'state'> = new Gauge({
      name: 'pitlane_db_pool_connections',
      help: 'Database pool connections by pool and state (max: its size; total, idle; waiting: statements queued for a connection)',
      labelNames: ['pool', 'state'],
      registers,
      collect: () => {
        pools.reset();
        for (const p of this.container.get(Database).stats()) {
          for (const state of ['max', 'total', 'idle', 'waiting'] as const) pools.inc({ pool: p.pool, state }, p[state]);
        }
      },
    });
    const replicaLag: Gauge<'replica'> = new Gauge({
      name: 'pitlane_db_replica_lag_seconds',
      help: 'How far each read replica is behind the primary (seconds; -1 while it is down)',
      labelNames: ['replica'],
      registers,
      collect: () => {
        replicaLag.reset();
        for (const r of this.container.get(Database).replicas) replicaLag.set({ replica: r.name }, r.up && Number.isFinite(r.lagSeconds) ? r.lagSeconds : -1);
      },
    });
    const nested: Gauge = new Gauge({
      name: 'pitlane_db_nested_connection_requests',
      help: 'Times code inside a transaction asked for a second connection (each one is a defect: it can freeze the pool)',
      registers,
      collect: () => nested.set(this.container.get(Database).nestedConnectionRequests),
    });
  }

  /** Times every request and labels it with the matched route pattern once the answer is sent. */
  httpTimer(): RequestHandler {
    return (req, res, next) => {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        const route = routeLabel(req);
        this.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      });
      next();
    };
  }

  /** Counts the WebSocket connections upgraded on /api/ws of `server` while they stay open. */
  countWebSockets(server: Server): void {
    server.on('upgrade', (req, socket) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/ws') return;
      this.webSockets += 1;
      socket.once('close', () => {
        this.webSockets -= 1;
      });
    });
  }

  /** Counts the finished job attempts of the worker running in this process (graphile-worker's events). */
  observeWorker(runner: Pick<Runner, 'events'>): void {
    runner.events.on('job:success', ({ job }) => this.jobOutcomes.inc({ task: job.task_identifier, outcome: 'success' }));
    runner.events.on('job:error', ({ job }) => this.jobOutcomes.inc({ task: job.task_identifier, outcome: 'error' }));
    runner.events.on('job:failed', ({ job }) => this.jobOutcomes.inc({ task: job.task_identifier, outcome: 'failed' }));
  }

  /** Reads every module's MetricsSource into the registry. */
  private async readModules(): Promise<void> {
    const sources = this.container.isBound(MetricsSource) ? this.container.getAll(MetricsSource) : [];
    for (const source of sources) {
      for (const family of await source.read()) {
        let metric = this.moduleMetrics.get(family.name);
        if (!metric) {
          const options = { name: family.name, help: family.help, labelNames: family.labelNames ?? [], registers: [this.registry] };
          metric = family.type === 'counter' ? new Counter(options) : new Gauge(options);
          this.moduleMetrics.set(family.name, metric);
        }
        metric.reset();
        for (const { labels = {}, value } of family.values) {
          if (metric instanceof Gauge) metric.set(labels, value);
          else metric.inc(labels, value);
        }
      }
    }
  }

  /** The Prometheus text exposition of everything above. */
  async render(): Promise<{ contentType: string; body: string }> {
    await this.readModules();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]!.trim()), digest(token));
}

/** GET /api/metrics: the registry for a scraper that presents the token; 401 otherwise. */
export function metricsHandler(metrics: Metrics, token: string, logger: Logger): RequestHandler {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    if (!hasBearerToken(req.get('authorization'), token)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ message: 'A valid metrics token is required', code: 'unauthorized' });
      return;
    }
    try {
      const { contentType, body } = await metrics.render();
      res.type(contentType).send(body);
    } catch (err) {
      logger.error({ err }, 'metrics failed');
      res.status(503).json({ message: 'Metrics are unavailable right now', code: 'unavailable' });
    }
  };
}
