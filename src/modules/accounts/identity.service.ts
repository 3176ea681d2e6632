import { inject, injectable } from 'inversify';

import type { SessionData } from 'express-session';
import type { Actor } from '../../platform/http/auth.js';
import { parseSession } from '../../platform/http/session-store.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { forgetInRequest, rememberInRequest } from '../../platform/request-scope.js';
import type { Role } from '../../platform/roles.js';
import type { BidderDto } from './account.dto.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { ADD_SUSPICION_SQL, IDENTITIES_SQL, IDENTITY_SQL, SESSION_SQL } from './identity.sql.js';

interface IdentityRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  is_verified: boolean;
  country: string;
  location: string | null;
  created_at: Date;
  suspicious_activity_score: number;
  suspended_at: Date | null;
}
const identityOf = (u: IdentityRow): BidderDto => ({
  id: u.id,
  username: u.username,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  role: u.role,
  isVerified: u.is_verified,
  country: u.country,
  location: u.location,
  createdAt: new Date(u.created_at).toISOString(),
  suspiciousActivityScore: u.suspicious_activity_score,
});
/** The user as an actor (sessions, bidding): nobody when an admin suspended them, so they can do nothing signed in. */
const actorOf = (u: IdentityRow): BidderDto | null => (u.suspended_at === null ? identityOf(u) : null);
const identityKey = (userId: string) => `accounts:identity:${userId}`;

/**
 * Who a session or an id names, read with prepared statements outside the ORM (this runs on every signed-in
 * request), plus the suspicious-activity score the bidding rules keep.
 */
@injectable()
export class IdentityService {
  constructor(
    @inject(Database) private readonly db: Database,
  ) {
    this.sql = db.runner('write');
  }

  /** Prepared statements on the write connection. */
  private readonly sql: SqlRunner;

  /** Rows of `sql`: through the caller's transaction inside one, else as a prepared statement. */
  private read<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.db.inTransaction ? this.db.em.execute<T[]>(sql, params) : this.sql.runPrepared<T>(sql, params);
  }

  /** The actor of a session, or null when the user is gone or suspended (so existing sessions stop working at once). */
  async findActor(userId: string): Promise<Actor | null> {
    const user = await this.identity(userId);
    return user ? { id: user.id, role: user.role } : null;
  }

  /**
   * The user as the session's guards and the bidding rules see them, read once per request (the route guard
   * and the service of one request share it) with one prepared statement.
   */
  private identity(userId: string): Promise<BidderDto | null> {
    return rememberInRequest(identityKey(userId), async () => {
      const rows = await this.read<IdentityRow>(IDENTITY_SQL, [userId]);
      return rows[0] ? actorOf(rows[0]) : null;
    });
  }

  /**
   * The stored session `sid` (unexpired at `now`, ms since the epoch) and, in the same statement, its user:
   * the identity is kept for this request, so the route guard and the services read no further.
   */
  async readSession(sid: string, now: number): Promise<SessionData | null> {
    const rows = await this.sql.runPrepared<{ [K in keyof IdentityRow]: IdentityRow[K] | null } & { sess: SessionData | string }>(SESSION_SQL, [sid, now]);
    const row = rows[0];
    if (!row) return null;
    const sess = parseSession(row.sess);
    const userId = sess?.userId;
    if (userId) {
      const identity = row.id === null ? null : actorOf(row as IdentityRow);
      void rememberInRequest(identityKey(userId), () => Promise.resolve(identity));
    }
    return sess;
  }

  /** Several users with their emails (for mail to many), in one query; unknown ids are left out. */
  async findUsers(ids: readonly string[]): Promise<BidderDto[]> {
    // An id that is no uuid names nobody (and would make the cast fail).
    const wanted = uuidArray(ids);
    if (wanted === '{}') return [];
    const rows = await this.read<IdentityRow>(IDENTITIES_SQL, [wanted]);
    return rows.map(identityOf);
  }

  /** A user with email and suspicious-activity score, for the bidding rules (one query), or null (also when suspended). */
  async findBidder(id: string): Promise<BidderDto | null> {
    return this.identity(id);
  }

  /** Adds `points` to a user's suspicious-activity score (one statement, kept within 0-100). */
  async addSuspicionScore(userId: string, points: number): Promise<number> {
    const rows = await this.db.em.execute<{ score: number }[]>(ADD_SUSPICION_SQL, [Math.trunc(points), userId]);
    forgetInRequest(identityKey(userId));
    return rows[0]?.score ?? 0;
  }
}
