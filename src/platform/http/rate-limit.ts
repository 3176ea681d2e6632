import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../errors.js';

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
 * A limit on how often one key (an address, an account) may do something: past it, a 429 with the usual JSON
 * `{message, code: 'rate_limited'}` and the draft-8 RateLimit headers. Counts live in this process's memory.
 */
export function limitRequests(options: LimitOptions): RequestHandler {
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
    skip: async (req, res) => (await keyOf(req, res)) === undefined,
    keyGenerator: async (req, res) => (await keyOf(req, res)) as string,
    handler: (_req, _res, next) => next(new AppError('rate_limited', 'rate_limited', options.message)),
  });
}

/** What a FailureCounter remembers of one key. */
export interface FailureRecord {
  /** Failures counted since the key was last cleared (or forgotten). */
  count: number;
  /** When the last failure was counted. */
  lastAt: Date;
}

/**
 * Failures counted per key (a client address and an account, say) for a back-off. The one small interface a
 * shared store (PostgreSQL) implements to replace the per-process memory; the policy stays with the caller.
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
 * A FailureCounter in this process's memory: a key is forgotten `retainMs` after its last failure, and at most
 * `maxKeys` are kept (the longest quiet go first), so a flood of names cannot grow it without bound.
 */
export class MemoryFailureCounter extends FailureCounter {
  private readonly records = new Map<string, FailureRecord>();

  constructor(
    private readonly retainMs: number,
    private readonly maxKeys = 100_000,
  ) {
    super();
  }

  async read(key: string): Promise<FailureRecord | null> {
    const found = this.records.get(key);
    return found ? { ...found } : null;
  }

  async record(key: string, at: Date): Promise<FailureRecord> {
    const before = this.records.get(key);
    const fresh = before && at.getTime() - before.lastAt.getTime() < this.retainMs;
    const next = { count: fresh ? before.count + 1 : 1, lastAt: at };
    // Re-inserted at the end: the Map's order is then the order of last failures, oldest first.
    this.records.delete(key);
    this.records.set(key, next);
    for (const [oldest, record] of this.records) {
      if (this.records.size <= this.maxKeys && at.getTime() - record.lastAt.getTime() < this.retainMs) break;
      this.records.delete(oldest);
    }
    return { ...next };
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }
}
