import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import { numberPlaceholders } from '../db/pg-transaction.js';
import { SESSION_SQL } from './session-store.sql.js';

declare module 'express-session' {
  interface SessionData {
    /** When the stored expiry was last pushed forward (ms since the epoch). */
    renewedAt?: number;
  }
}

/**
 * Reads the stored session `sid` if it has not expired at `now` (ms since the epoch). The accounts module's
 * reader also reads the session's user in the same statement (see IdentityLookup.readSession).
 */
export type SessionReader = (sid: string, now: number) => Promise<session.SessionData | null>;

const SESSION_STATEMENT = numberPlaceholders(SESSION_SQL);

/** The plain reader: the session alone, as a named statement (parsed once per connection). */
export function plainSessionReader(pool: pg.Pool): SessionReader {
  return async (sid, now) => {
    const { rows } = await pool.query<{ sess: session.SessionData | string }>({ name: 'platform-session', text: SESSION_STATEMENT, values: [sid, now] });
    return parseSession(rows[0]?.sess);
  };
}

/** A stored `sess` column as express-session wants it (json arrives parsed, text does not). */
export function parseSession(sess: session.SessionData | string | null | undefined): session.SessionData | null {
  if (sess === null || sess === undefined) return null;
  return typeof sess === 'string' ? (JSON.parse(sess) as session.SessionData) : sess;
}

/** How often a session in use has its expiry pushed forward. */
export const SESSION_RENEW_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions in PostgreSQL's `sessions` table. Sessions roll (they last 30 days from their last use), but
 * the stored expiry moves at most once a day: a plain touch would write the row on every request,
 * which on a hot path (bids) costs an UPDATE and a commit per call for a few seconds of expiry.
 * Sessions are read with `read` (one round trip per signed-in request, for the session and its user).
 */
export function createSessionStore(
  pool: pg.Pool,
  now: () => number = Date.now,
  read: SessionReader = plainSessionReader(pool),
): session.Store & Required<Pick<session.Store, 'touch'>> {
  const PgStore = connectPgSimple(session);
  class RenewingStore extends PgStore {
    override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
      read(sid, now()).then(
        (sess) => callback(null, sess),
        (error: unknown) => callback(error),
      );
    }

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
