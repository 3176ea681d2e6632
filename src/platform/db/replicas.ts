import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { Logger } from '../logger.js';

/**
 * Read replicas (DATABASE_READ_URL): which reads may go to one, and how far behind each one is.
 *
 * Read-your-writes: a browser that wrote (any API call other than GET, HEAD, OPTIONS) carries the time of its
 * last write in a cookie; for READ_YOUR_WRITES_MS after it, its reads go to the primary. A replica is used at
 * all only while it is up and less than that far behind, so a read within the window sees the write on the
 * primary and a read after it finds the write on any replica in use. Everything in a transaction is on the
 * primary anyway.
 */

/** How long after its last write a browser reads from the primary; replicas further behind are not used. */
export const READ_YOUR_WRITES_MS = 10_000;
/** The cookie holding the time (ms since the epoch) of the browser's last write. */
export const LAST_WRITE_COOKIE = 'pitlane.rw';

const preferPrimary = new AsyncLocalStorage<boolean>();

/** Express middleware: marks writes in the cookie, and runs a request that wrote recently with reads on the primary. */
export function readYourWrites(now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    const writes = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
    if (writes) {
      res.cookie(LAST_WRITE_COOKIE, String(now()), { httpOnly: true, sameSite: 'lax', path: '/', maxAge: READ_YOUR_WRITES_MS });
      return preferPrimary.run(true, next);
    }
    const last = Number(/(?:^|;\s*)pitlane\.rw=(\d+)/.exec(req.headers.cookie ?? '')?.[1] ?? 0);
    return preferPrimary.run(now() - last < READ_YOUR_WRITES_MS, next);
  };
}

/** Whether the current request must read from the primary (it wrote, or its browser wrote recently). */
export const readsFromPrimary = (): boolean => preferPrimary.getStore() === true;

/** One replica's state, as the monitor last saw it. */
export interface ReplicaState {
  name: string;
  up: boolean;
  /** Seconds behind the primary (0 when it has replayed everything the primary wrote). */
  lagSeconds: number;
  /** WAL bytes not yet replayed. */
  lagBytes: number;
  checkedAt: number;
  /** Why the last check failed (for the logs; never answered to clients). */
  error?: string;
}

/**
 * Polls each replica's replay position against the primary's every `everyMs`: up and lag in seconds and bytes.
 * A replica that does not answer within a second, or falls READ_YOUR_WRITES_MS behind, is left out until it
 * catches up (reads then go to the primary).
 */
export class ReplicaMonitor {
  private readonly states: ReplicaState[];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly primary: pg.Pool,
    private readonly replicas: readonly pg.Pool[],
    private readonly logger: Logger,
    private readonly everyMs = 1000,
  ) {
    this.states = replicas.map((_, i) => ({ name: `replica-${i + 1}`, up: false, lagSeconds: Infinity, lagBytes: Infinity, checkedAt: 0 }));
  }

  /** Checks once now, then every `everyMs` until `stop()`. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The replicas as last seen. */
  get state(): readonly ReplicaState[] {
    return this.states;
  }

  /** Indexes of the replicas reads may use now. */
  usable(): number[] {
    return this.states.flatMap((s, i) => (s.up && s.lagSeconds * 1000 < READ_YOUR_WRITES_MS ? [i] : []));
  }

  /** Marks replica `i` down at once (a read on it failed to connect); the next check may bring it back. */
  markDown(i: number): void {
    const state = this.states[i];
    if (state) state.up = false;
  }

  /** The primary's recent positions (time, WAL position), newest last: a replica's lag is the age of the newest it has replayed. */
  private readonly history: Array<{ at: number; lsn: bigint }> = [];

  async check(): Promise<void> {
    const now = Date.now();
    try {
      const [primary] = (await withTimeout(this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), 1000)).rows;
      this.history.push({ at: now, lsn: lsnValue(primary!.lsn) });
      while (this.history.length > 1 && this.history[0]!.at < now - 120_000) this.history.shift();
    } catch (error) {
      this.logger.warn({ err: { message: (error as Error).message } }, 'the primary did not tell its WAL position');
    }
    await Promise.all(
      this.replicas.map(async (replica, i) => {
        const state = this.states[i]!;
        const was = state.up;
        try {
          const [position] = (
            await withTimeout(replica.query<{ lsn: string | null; recovering: boolean }>('select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovering'), 1000)
          ).rows;
          const replayed = position?.lsn ? lsnValue(position.lsn) : -1n;
          const newest = this.history.at(-1);
          // The newest primary position this replica has replayed: its lag is how long ago the primary was there.
          const reached = [...this.history].reverse().find((h) => h.lsn <= replayed);
          Object.assign(state, {
            error: undefined,
            up: Boolean(position?.recovering) && replayed >= 0n,
            lagBytes: newest ? Math.max(0, Number(newest.lsn - replayed)) : 0,
            lagSeconds: !newest || replayed >= newest.lsn ? 0 : ((reached ? now - reached.at : now - this.history[0]!.at + this.everyMs) / 1000),
            checkedAt: now,
          });
        } catch (error) {
          Object.assign(state, { up: false, checkedAt: now });
          state.error = (error as Error).message;
          if (was) this.logger.warn({ replica: state.name, err: { message: (error as Error).message } }, 'read replica down: reads go to the primary');
        }
        if (!was && state.up) this.logger.info({ replica: state.name }, 'read replica up');
      }),
    );
  }
}

/** A WAL position ("16/B374D848") as a number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]);
}
