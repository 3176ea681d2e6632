import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * The rule this file enforces: a transaction never waits for a second connection. A transaction holds its
 * connection until it ends; if, inside it, the code asks a pool for another one, N concurrent transactions on
 * an N-connection pool wait for each other forever and every request behind them hangs (issue 31). Everything a
 * transaction needs is read through that transaction, or before it begins.
 */

/** What happens when a connection is asked for inside a transaction. */
export type GuardMode = 'throw' | 'warn';

interface Held {
  /** What holds the connection (for the message). */
  what: string;
  /** False once the transaction's work has settled (work it started and did not await may go on). */
  open: boolean;
}

const held = new AsyncLocalStorage<Held>();

/** Thrown (mode `throw`) when code inside a transaction asks a pool for a second connection. */
export class NestedConnectionError extends Error {
  constructor(pool: string, what: string) {
    super(
      `A transaction (${what}) asked the ${pool} pool for a second connection. Read what it needs through the ` +
        'transaction itself (the entity manager it was given, or Database.em inside it), or before it begins.',
    );
    this.name = 'NestedConnectionError';
  }
}

/** Runs `work` while the current async context holds a transaction's connection (`what` names it). */
export async function holdingConnection<T>(what: string, work: () => Promise<T>): Promise<T> {
  const marker: Held = { what, open: true };
  try {
    return await held.run(marker, work);
  } finally {
    marker.open = false;
  }
}

/**
 * Runs `work` as not part of the enclosing transaction: for work the transaction never waits for (progress the
 * console shows while a long transaction runs). Never for anything the transaction awaits.
 */
export function detachedFromTransaction<T>(work: () => T): T {
  return held.exit(work);
}

/** Whether the current async context is inside a transaction's work. */
export function insideTransaction(): boolean {
  return held.getStore()?.open === true;
}

/** What the guard saw, for metrics and for the tests (which fail when a test file caused any). */
export const guardCounters = { violations: 0, messages: [] as string[] };

/**
 * Makes `pool.connect` (and so `pool.query`) check that its caller holds no transaction's connection: `throw`
 * refuses the request (tests), `warn` counts it, logs it once per call site and goes on (production, where the
 * pool's acquire timeout bounds the damage).
 */
export function guardPool(pool: pg.Pool, name: string, mode: GuardMode, warn: (message: string, stack?: string) => void): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const seen = new Set<string>();
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const marker = held.getStore();
    if (marker?.open) {
      const error = new NestedConnectionError(name, marker.what);
      guardCounters.violations += 1;
      if (guardCounters.messages.length < 20) guardCounters.messages.push(`${error.message}\n${error.stack ?? ''}`);
      if (mode === 'throw') {
        const callback = args[0];
        if (typeof callback === 'function') {
          process.nextTick(() => (callback as (e: Error) => void)(error));
          return undefined;
        }
        return Promise.reject(error);
      }
      const site = error.stack?.split('\n').slice(2, 6).join('\n') ?? '';
      if (!seen.has(site)) {
        seen.add(site);
        warn(error.message, site);
      }
    }
    return connect(...args);
  };
}
