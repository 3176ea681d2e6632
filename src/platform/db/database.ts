import pg from 'pg';
import { MikroORM, RequestContext, type EntityManager } from '@mikro-orm/postgresql';
import type { EntitySchema } from '@mikro-orm/core';
import type { Logger } from '../logger.js';
import { AppError } from '../errors.js';
import { guardCounters, guardPool, insideTransaction, type GuardMode } from './connection-guard.js';
import { ormConfig } from './orm.js';
import { PgTransaction } from './pg-transaction.js';
import { preparedRunner, type SqlRunner } from './sql-runner.js';
import { readsFromPrimary, ReplicaMonitor, type ReplicaState } from './replicas.js';

/** Errors that say the server could not be reached (not that the statement failed). */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08006', '08001']);
const isConnectionFailure = (error: unknown): boolean =>
  CONNECTION_FAILURES.has(String((error as { code?: string }).code)) || isAcquireTimeout(error) || /Connection terminated/.test(String((error as Error)?.message));

/** The named connections of the one database layer. */
export type ConnectionName = 'write' | 'read' | 'lock' | 'system';

/** How the database layer connects (from Config; tests and the CLI change a few). */
export interface DatabaseOptions {
  url: string;
  /** Read replicas (DATABASE_READ_URL); none: the read connection is a bounded pool on the primary. */
  readUrls?: readonly string[];
  // biome-ignore lint: entity schemas are heterogeneous
  entities: EntitySchema<any, any>[];
  logger: Logger;
  /** The write pool (the ORM's): every request's and job's statements and transactions. */
  poolSize: number;
  /** The read pool: the public read path (search, part pages); its size bounds how many run at once. */
  readConnections: number;
  /** The lock pool: short transactions that hold a hot row lock (bid batches) and the sends after them. */
  lockConnections: number;
  /** The system pool: graphile-worker, the session store, live NOTIFY sends. */
  systemConnections: number;
  /** How long a statement may wait for a connection before the request fails with 503 (0: for ever). */
  acquireTimeoutMs: number;
  /** statement_timeout of the product's connections (0: none). */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout of the product's connections (0: none). */
  idleInTransactionTimeoutMs: number;
  guard: GuardMode;
  /** application_name prefix (the process's role: web, worker, cli). */
  applicationName: string;
}

/** One pool's counts, for /api/metrics and /api/ready. */
export interface PoolStats {
  pool: ConnectionName;
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Thrown when no connection could be had within the acquire timeout: the request answers 503. */
export const databaseBusy = () =>
  new AppError('unavailable', 'database_busy', 'Pitlane is very busy right now. Please try again in a moment.');

const TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** Whether `error` (or what it wraps) is a pool's acquire timeout. */
export function isAcquireTimeout(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.message === 'string' && e.message.includes(TIMEOUT_MESSAGE)) return true;
  }
  return false;
}

/**
 * The one door to PostgreSQL. Modules work through `em` (the request's or job's unit of work; inside a
 * transaction, that transaction's) and `transaction`; SQL a measurement justifies runs on a named connection
 * (`runner('read')`, `lockTransaction`). Pools are never handed out to modules. Every pool has an acquire
 * timeout, statement and idle-in-transaction timeouts, counts for the metrics, and the connection guard.
 */
export class Database {
  private readonly pools = new Map<ConnectionName, pg.Pool[]>();
  private readonly backends = new Map<pg.Pool, Set<pg.Client>>();
  private readonly runners = new Map<string, SqlRunner>();
  private probeCache?: { at: number; ok: Promise<boolean> };
  /** Watches the read replicas when there are any (DATABASE_READ_URL). */
  private replicaMonitor?: ReplicaMonitor;

  /** Use Database.open. */
  constructor(
    readonly orm: MikroORM,
    private readonly options: DatabaseOptions,
  ) {}

  /** Connects: the ORM (write and read connections), the lock and the system pools. */
  static async open(options: DatabaseOptions): Promise<Database> {
    // The ORM makes its pools when it first connects; each is adopted (guard, counts) as it is made.
    let db: Database | undefined;
    const waiting: Array<[ConnectionName, pg.Pool]> = [];
    const poolOptions = (name: ConnectionName, max: number) => ({
      max,
      ...Database.sessionOptions(options, name),
      onPoolCreated: (pool: pg.Pool) => (db ? db.adopt(name, pool) : waiting.push([name, pool])),
    });
    const config = ormConfig({ url: options.url, entities: options.entities, logger: options.logger, poolMax: options.poolSize });
    const readUrls = options.readUrls?.length ? options.readUrls : [options.url];
    const orm = await MikroORM.init({
      ...config,
      driverOptions: poolOptions('write', options.poolSize),
      replicas: readUrls.map((url, i) => ({
        name: `read-${i + 1}`,
        clientUrl: url,
        host: new URL(url).searchParams.get('host') ?? new URL(url).hostname,
        driverOptions: poolOptions('read', options.readConnections),
      })),
      preferReadReplicas: false,
    } as typeof config);
    db = new Database(orm, options);
    for (const [name, pool] of waiting) db.adopt(name, pool);
    await orm.connect();
    await orm.em.getConnection('read').getNativeClient();
    db.adopt('lock', new pg.Pool({ connectionString: options.url, max: options.lockConnections, ...Database.sessionOptions(options, 'lock') }));
    // The system pool serves libraries (graphile-worker's long polls and migrations), so no statement timeout.
    db.adopt('system', new pg.Pool({ connectionString: options.url, max: options.systemConnections, ...Database.sessionOptions({ ...options, statementTimeoutMs: 0 }, 'system') }));
    if (options.readUrls?.length) {
      db.replicaMonitor = new ReplicaMonitor(db.pool('system'), db.pools.get('read') ?? [], options.logger);
      await db.replicaMonitor.start();
    }
    return db;
  }

  /** pg settings of every connection of `name`: timeouts and application_name. */
  private static sessionOptions(o: Pick<DatabaseOptions, 'acquireTimeoutMs' | 'statementTimeoutMs' | 'idleInTransactionTimeoutMs' | 'applicationName'>, name: ConnectionName) {
    return {
      connectionTimeoutMillis: o.acquireTimeoutMs || undefined,
      statement_timeout: o.statementTimeoutMs || undefined,
      idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs || undefined,
      application_name: `${o.applicationName}-${name}`.slice(0, 63),
    };
  }

  private adopt(name: ConnectionName, pool: pg.Pool): void {
    this.pools.set(name, [...(this.pools.get(name) ?? []), pool]);
    const clients = new Set<pg.Client>();
    this.backends.set(pool, clients);
    pool.on('connect', (client) => {
      clients.add(client);
      client.on('error', (err) => this.options.logger.warn({ err: { message: err.message }, pool: name }, 'database connection failed'));
    });
    pool.on('remove', (client) => clients.delete(client));
    pool.on('error', (err) => this.options.logger.warn({ err: { message: err.message }, pool: name }, 'database connection failed'));
    guardPool(pool, name, this.options.guard, (message, site) => this.options.logger.error({ site }, message));
  }

  /** The current unit of work: inside a transaction its entity manager, else the request's or job's. */
  get em(): EntityManager {
    return this.orm.em.getContext() as EntityManager;
  }

  /** Whether the caller runs inside a transaction of the current unit of work (then read through `em`). */
  get inTransaction(): boolean {
    return insideTransaction() && this.orm.em.getContext(false).isInTransaction();
  }

  /** Runs `work` in a transaction of the current unit of work (a savepoint inside another transaction). */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(em as EntityManager));
  }

  /** Runs `work` with a unit of work of its own (a job, a CLI command, a timer: whatever no request carries). */
  withContext<T>(work: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, work);
  }

  /**
   * Statements with bound `?` parameters on a named connection (prepared where asked), outside any transaction:
   * for the reads measured to need it (search, part pages, the session). Inside a transaction use `em`.
   */
  runner(name: 'read' | 'write'): SqlRunner {
    let runner = this.runners.get(name);
    if (!runner) {
      const primary = preparedRunner(this.pool('write'));
      const reads = (this.pools.get('read') ?? []).map((pool) => preparedRunner(pool));
      if (name === 'write') runner = primary;
      else if (!this.replicaMonitor) runner = reads[0]!;
      else runner = this.replicaRunner(primary, reads, this.replicaMonitor);
      this.runners.set(name, runner);
    }
    return runner;
  }

  /**
   * Reads on a replica that is up and close behind, unless this request must read its own writes; on the primary
   * otherwise, and again on the primary when the replica cannot be reached (marked down until it answers again).
   */
  private replicaRunner(primary: SqlRunner, replicas: SqlRunner[], monitor: ReplicaMonitor): SqlRunner {
    const on = async <T>(call: (runner: SqlRunner) => Promise<T[]>): Promise<T[]> => {
      const usable = readsFromPrimary() ? [] : monitor.usable();
      if (!usable.length) return call(primary);
      const i = usable[Math.floor(Math.random() * usable.length)]!;
      try {
        return await call(replicas[i]!);
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        monitor.markDown(i);
        this.options.logger.warn({ replica: i + 1, err: { message: (error as Error).message } }, 'read replica unreachable: read again on the primary');
        return call(primary);
      }
    };
    return {
      run: <T>(sql: string, params?: readonly unknown[]) => on<T>((r) => r.run<T>(sql, params)),
      runPrepared: <T>(sql: string, params?: readonly unknown[]) => on<T>((r) => r.runPrepared<T>(sql, params)),
    };
  }

  /** The read replicas as last seen (empty without DATABASE_READ_URL). */
  get replicas(): readonly ReplicaState[] {
    return this.replicaMonitor?.state ?? [];
  }

  /**
   * A transaction without the ORM on the named connection, for the hot paths measured to need it (bid batches on
   * `lock`, the payment webhook on `write`): BEGIN with the first statements, COMMIT with the last (PgTransaction).
   */
  sqlTransaction<T>(name: 'write' | 'lock', work: (tx: PgTransaction) => Promise<T>): Promise<T> {
    return PgTransaction.run(this.pool(name), work);
  }

  /** The pool behind `name`, for the platform's own plumbing (job queue, sessions, live sends); modules use the methods above. */
  pool(name: 'lock' | 'system' | 'write'): pg.Pool {
    const pool = this.pools.get(name)?.[0];
    if (!pool) throw new Error(`no ${name} pool`);
    return pool;
  }

  /** Every pool's counts. */
  stats(): PoolStats[] {
    const out: PoolStats[] = [];
    for (const [name, pools] of this.pools) {
      for (const pool of pools) {
        out.push({ pool: name, max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
      }
    }
    return out;
  }

  /** How many times code inside a transaction asked for a second connection (the guard's count). */
  get nestedConnectionRequests(): number {
    return guardCounters.violations;
  }

  /**
   * Whether a request could get a write connection now: false when it cannot within `timeoutMs` (the pool is
   * starved). One probe at a time, its answer kept for a second.
   */
  canServe(timeoutMs = 1000): Promise<boolean> {
    const now = performance.now();
    if (this.probeCache && now - this.probeCache.at < 1000) return this.probeCache.ok;
    const pool = this.pool('write');
    const ok = new Promise<boolean>((resolve) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        resolve(false);
      }, timeoutMs);
      pool.connect().then(
        async (client) => {
          try {
            if (!settled) await client.query('select 1');
          } finally {
            client.release();
          }
          clearTimeout(timer);
          if (!settled) resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
    this.probeCache = { at: now, ok };
    return ok;
  }

  /**
   * Closes every pool. Within `deadlineMs` it waits for checked-out connections; past it, it ends this process's
   * own backends on the server (pg_terminate_backend), so a stuck statement or transaction cannot hold the stop.
   */
  close(deadlineMs = 10_000): Promise<void> {
    this.closing ??= this.closeWithin(deadlineMs);
    return this.closing;
  }

  private closing?: Promise<void>;

  private async closeWithin(deadlineMs: number): Promise<void> {
    this.replicaMonitor?.stop();
    const ending = (async () => {
      await this.orm.close();
      await Promise.all([this.pool('lock'), this.pool('system')].map((p) => p.end()));
    })();
    const timedOut = await Promise.race([
      ending.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), deadlineMs).unref()),
    ]);
    if (!timedOut) return;
    this.options.logger.warn('database connections still busy at the stop deadline: ending them');
    await this.terminateOwnBackends();
    await Promise.race([ending.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }

  private async terminateOwnBackends(): Promise<void> {
    const pids = [...this.backends.values()].flatMap((clients) => [...clients].map((c) => (c as unknown as { processID?: number }).processID));
    const wanted = pids.filter((p): p is number => typeof p === 'number');
    if (!wanted.length) return;
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [wanted]);
    } catch (err) {
      this.options.logger.warn({ err: { message: (err as Error).message } }, 'could not end the busy connections');
    } finally {
      await client.end().catch(() => {});
    }
  }
}
