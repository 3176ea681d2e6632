/**
 * Who a session or an id names: statements run prepared on every signed-in request (IdentityService), so they
 * stay SQL. `?` placeholders.
 */

/** The columns of IdentityRow. */
const IDENTITY_COLUMNS = `id, username, first_name, last_name, email, role, is_verified, country, location, created_at,
  suspicious_activity_score, suspended_at`;

/** One user's identity. Parameter: the id. */
export const IDENTITY_SQL = `select ${IDENTITY_COLUMNS} from users where id = ?`;

/**
 * A session with its user's identity columns (null when the session names no existing user), in one statement.
 * Parameters: the sid, now (ms since the epoch).
 */
export const SESSION_SQL = `select s.sess, ${IDENTITY_COLUMNS.replace(/(\w+)/g, 'u.$1')}
  from sessions s
  left join users u on u.id = case when pg_input_is_valid(s.sess->>'userId', 'uuid') then (s.sess->>'userId')::uuid end
  where s.sid = ? and s.expire >= to_timestamp(? / 1000.0)`;

/** Several users' identities. Parameter: a `uuid[]` literal. */
export const IDENTITIES_SQL = `select ${IDENTITY_COLUMNS} from users where id = any(?::uuid[])`;

/** Adds points to a user's suspicious-activity score in one statement, kept within 0-100. Parameters: points, id. */
export const ADD_SUSPICION_SQL = `update users set suspicious_activity_score = least(100, greatest(0, suspicious_activity_score + ?))
       where id = ? returning suspicious_activity_score as score`;
