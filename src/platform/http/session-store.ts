import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';

declare module 'express-session' {
  interface SessionData {
    /** When the stored expiry was last pushed forward (ms since the epoch). */
    renewedAt?: number;
  }
}

/** How often a session in use has its expiry pushed forward. */
export const SESSION_RENEW_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions in PostgreSQL's `sessions` table. Sessions roll (they last 30 days from their last use), but
 * the stored expiry moves at most once a day: a plain touch would write the row on every request,
 * which on a hot path (bids) costs an UPDATE and a commit per call for a few seconds of expiry.
 */
export function createSessionStore(
  pool: pg.Pool,
  now: () => number = Date.now,
): session.Store & Required<Pick<session.Store, 'touch'>> {
  const PgStore = connectPgSimple(session);
  class RenewingStore extends PgStore {
    override touch(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
      if (now() - (sess.renewedAt ?? 0) < SESSION_RENEW_INTERVAL_MS) {
        callback?.();
        return;
      }
      this.set(sid, { ...sess, renewedAt: now() }, callback);
    }
  }
  return new RenewingStore({ pool, tableName: 'sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
}
