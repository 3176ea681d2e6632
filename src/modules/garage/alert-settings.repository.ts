import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The upserts of `garage_alert_settings` (one row per user, made on first use with UTC and 8 o'clock): one
 * statement each, so two requests of one user at once never meet on the primary key.
 */

/** Keeps `timeZone` as the user's digest time zone (creating their settings if missing; none given keeps theirs). */
export async function keepTimeZone(em: SqlExecutor, userId: string, timeZone: string | null): Promise<void> {
  await em.execute(
    `insert into garage_alert_settings (user_id, time_zone) values (?, coalesce(?, 'UTC'))
     on conflict (user_id) do update set time_zone = coalesce(excluded.time_zone, garage_alert_settings.time_zone)
     where ? is not null`,
    [userId, timeZone, timeZone],
  );
}

/** The user's settings with the given fields changed (created with the defaults when missing). */
export async function upsertSettings(
  em: SqlExecutor,
  userId: string,
  input: { timeZone?: string; digestHour?: number },
): Promise<{ timeZone: string; digestHour: number }> {
  const [row] = await em.execute<{ time_zone: string; digest_hour: number }[]>(
    `insert into garage_alert_settings (user_id, time_zone, digest_hour) values (?, coalesce(?, 'UTC'), coalesce(?, 8))
     on conflict (user_id) do update set time_zone = coalesce(?, garage_alert_settings.time_zone),
                                         digest_hour = coalesce(?, garage_alert_settings.digest_hour)
     returning time_zone, digest_hour`,
    [userId, input.timeZone ?? null, input.digestHour ?? null, input.timeZone ?? null, input.digestHour ?? null],
  );
  return { timeZone: row!.time_zone, digestHour: row!.digest_hour };
}
