import type { Request, RequestHandler, Response } from 'express';
import { inject, injectable } from 'inversify';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { Clock } from '../clock.js';
import { Database } from '../db/database.js';
import type { SqlRunner } from '../db/sql-runner.js';
import { AppError } from '../errors.js';
import { COUNT_FAILURE_SQL, COUNT_HIT_SQL, FORGET_EXPIRED_SQL, FORGET_KEY_SQL, READ_COUNTER_SQL, UNCOUNT_HIT_SQL } from './rate-limit.sql.js';

/** The client's address as the limits count it: the IPv6 /64 or the IPv4 address (after `trust proxy`). */
export const clientAddress = (req: Request): string => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');

export interface LimitOptions {
  /** The rolling window. */
  windowMs: number;
  /** Requests (or failures, with `onlyFailures`) allowed per key in the window; 0 turns the limit off. */
  limit: number;
  /** Names the bucket a request counts in; `undefined` lets the request through uncounted. */
  key: (req: Request, res: Response) => string | undefined | Promise<string | undefined>;
  /** What the 429 says. */
  message: string;
  /** Count only answers of 400 and above (failed sign-ins). */
  onlyFailures?: boolean;
}

const KEY = Symbol('rate-limit-key');
type Keyed = Response & { [KEY]?: Map<unknown, string | undefined> };

/**
 * express-rate-limit's store on the shared table: every web process counts the same hits, and a restart forgets
 * nothing. A window is fixed per key (it starts at the key's first hit), as the library's own memory store.
 */
class SharedStore implements Store {
  localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly sql: SqlRunner,
    private readonly clock: Clock,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.clock.now();
    const [row] = await this.sql.run<{ hits: number; reset_at: Date }>(COUNT_HIT_SQL, [`${this.prefix}${key}`, new Date(now.getTime() + this.windowMs), now, now]);
    return { totalHits: row!.hits, resetTime: row!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.sql.run(UNCOUNT_HIT_SQL, [`${this.prefix}${key}`]);
  }

  async resetKey(key: string): Promise<void> {
    await this.sql.run(FORGET_KEY_SQL, [`${this.prefix}${key}`]);
  }
}

/** The limits of every process, counted in PostgreSQL (`rate_limit_counters`). */
@injectable()
export class RateLimits {
  private readonly sql: SqlRunner;

  constructor(
    @inject(Database) db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {
    this.sql = db.runner('write');
  }

  /**
   * A limit on how often one key (an address, an account) may do something: past it, a 429 with the usual JSON
   * `{message, code: 'rate_limited'}` and the draft-8 RateLimit headers. `name` keeps its counts apart.
   */
  limit(name: string, options: LimitOptions): RequestHandler {
    if (options.limit <= 0) return (_req, _res, next) => next();
    // The key is worked out once per request (it may need a query) and shared by skip and keyGenerator.
    const keyOf = async (req: Request, res: Response) => {
      const cache = ((res as Keyed)[KEY] ??= new Map());
      if (!cache.has(options)) cache.set(options, await options.key(req, res));
      return cache.get(options);
    };
    return rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      skipSuccessfulRequests: options.onlyFailures ?? false,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: new SharedStore(this.sql, this.clock, `${name}:`),
      skip: async (req, res) => (await keyOf(req, res)) === undefined,
      keyGenerator: async (req, res) => (await keyOf(req, res)) as string,
      handler: (_req, _res, next) => next(new AppError('rate_limited', 'rate_limited', options.message)),
    });
  }

  /** Deletes the counts whose window ended (the platform's hourly task); answers how many went. */
  async forgetExpired(): Promise<number> {
    const [row] = await this.sql.run<{ n: number }>(FORGET_EXPIRED_SQL, [this.clock.now()]);
    return row?.n ?? 0;
  }
}

/** What a FailureCounter remembers of one key. */
export interface FailureRecord {
  /** Failures counted since the key was last cleared (or forgotten). */
  count: number;
  /** When the last failure was counted. */
  lastAt: Date;
}

/**
 * Failures counted per key (a client address and an account, say) for a back-off; the policy stays with the
 * caller (SharedFailureCounter keeps them in PostgreSQL).
 */
export abstract class FailureCounter {
  /** What is counted for `key`, or null when nothing is (or it was forgotten). */
  abstract read(key: string): Promise<FailureRecord | null>;
  /** Counts one failure of `key` at `at` and answers the new record. */
  abstract record(key: string, at: Date): Promise<FailureRecord>;
  /** Forgets `key` (after a success). */
  abstract clear(key: string): Promise<void>;
}

/**
 * The FailureCounter of every process, in the shared table: a key is forgotten `retainMs` after its last failure
 * (its row expires then, and the hourly task deletes it).
 */
export class SharedFailureCounter extends FailureCounter {
  constructor(
    private readonly sql: SqlRunner,
    private readonly retainMs: number,
    private readonly clock: Clock,
  ) {
    super();
  }

  async read(key: string): Promise<FailureRecord | null> {
    const [row] = await this.sql.run<{ hits: number; reset_at: Date }>(READ_COUNTER_SQL, [`failures:${key}`, this.clock.now()]);
    return row ? { count: row.hits, lastAt: new Date(row.reset_at.getTime() - this.retainMs) } : null;
  }

  async record(key: string, at: Date): Promise<FailureRecord> {
    const [row] = await this.sql.run<{ hits: number; reset_at: Date }>(COUNT_FAILURE_SQL, [`failures:${key}`, new Date(at.getTime() + this.retainMs), at]);
    return { count: row!.hits, lastAt: at };
  }

  async clear(key: string): Promise<void> {
    await this.sql.run(FORGET_KEY_SQL, [`failures:${key}`]);
  }
}
