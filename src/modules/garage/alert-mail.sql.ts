import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';

/**
 * The alert mail's statements (measured in docs/performance.md "Garage": the digest mails 50,000 users in 5.8 s).
 * They read the garage's alert matches from the notification centre's `alert_notifications` joined with
 * `part_alerts` (the centre's table, read here only: matches are stored and marked mailed through
 * NotificationsApi), so a digest batch costs one claim and one read whatever its size.
 */

/** Users mailed per digest transaction. */
export const DIGEST_BATCH = 500;

/** An unmailed alert match, as the mail statements read it. */
export interface MatchRow {
  id: string;
  user_id: string;
  alert_id: string;
  alert_name: string;
  title: string;
  message: string;
  link: string | null;
  created_at: Date | string;
}

/** The unmailed matches of `userIds`' active alerts of `frequency`, oldest first per user (at most `limit`). */
export function unmailedMatches(em: SqlExecutor, userIds: readonly string[], frequency: 'instant' | 'daily', limit?: number): Promise<MatchRow[]> {
  return em.execute<MatchRow[]>(
    `select n.id, n.user_id, n.alert_id, a.alert_name, n.title, n.message, n.link, n.created_at
       from alert_notifications n join part_alerts a on a.id = n.alert_id
      where n.user_id = any(?::uuid[]) and n.notification_type = 'alert_match' and n.sent_at is null
        and a.frequency = ? and a.is_active
      order by n.user_id, n.created_at, n.id
      ${limit ? 'limit ?' : ''}`,
    limit ? [uuidArray(userIds), frequency, limit] : [uuidArray(userIds), frequency],
  );
}

/** Holds `key` until the transaction ends: one instant mail of a user at a time. */
export async function lockMailOf(em: SqlExecutor, key: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [key]);
}

/**
 * Claims the local day of up to DIGEST_BATCH users due a digest at `now` (their local hour has reached their
 * digest hour, no digest yet that local day, and unmailed matches of an active daily alert), skipping users another
 * run holds. Answers their ids; the claim commits with the mails the caller queues.
 */
export async function claimDigestUsers(em: SqlExecutor, now: Date): Promise<string[]> {
  const claimed = await em.execute<{ user_id: string }[]>(
    `with due as (
       select s.user_id, (?::timestamptz at time zone s.time_zone)::date as local_day
         from garage_alert_settings s
        where extract(hour from (?::timestamptz at time zone s.time_zone)) >= s.digest_hour
          and (s.last_digest_on is null or s.last_digest_on < (?::timestamptz at time zone s.time_zone)::date)
          and exists (select 1 from alert_notifications n join part_alerts a on a.id = n.alert_id
                       where n.user_id = s.user_id and n.notification_type = 'alert_match' and n.sent_at is null
                         and a.frequency = 'daily' and a.is_active)
        order by s.user_id
        limit ${DIGEST_BATCH}
        for update of s skip locked
     )
     update garage_alert_settings s set last_digest_on = due.local_day from due where s.user_id = due.user_id
     returning s.user_id`,
    [now, now, now],
  );
  return claimed.map((c) => c.user_id);
}
