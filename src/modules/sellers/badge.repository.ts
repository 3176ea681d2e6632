import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The badge statements an entity manager cannot say well: the award that counts once (unique user and badge), the
 * holders per badge (the console's figures) and the bulk inserts of the default badges (start-up reference data
 * and `pitlane seed`). Everything else reads and writes the Badge and UserBadge entities.
 */

/** Awards `badge` to `userId` unless they hold it already; true when newly awarded. */
export async function insertUserBadge(em: SqlExecutor, userId: string, badge: { id: string; pointsAwarded: number }, at: Date): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into user_badges (user_id, badge_id, points_awarded, earned_at) values (?, ?, ?, ?)
           on conflict (user_id, badge_id) do nothing returning id`,
    [userId, badge.id, badge.pointsAwarded, at.toISOString()],
  );
  return rows.length > 0;
}

/** Badge id -> how many users earned it (every badge listed, zero included). */
export async function badgeHolderCounts(em: SqlExecutor): Promise<Record<string, number>> {
  const rows = await em.execute<{ id: string; n: number }[]>(
    `select b.id, count(ub.id)::int as n from badges b left join user_badges ub on ub.badge_id = b.id group by b.id`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

/** Inserts the given default badges in one statement, skipping any that conflict; how many were added. */
export async function insertDefaultBadges(tx: SqlExecutor, badges: readonly object[]): Promise<number> {
  const rows = await tx.execute<unknown[]>(
    `insert into badges (name, description, icon, category, type, rarity, points_awarded, requirement, sort_order)
       select name, description, icon, category, type, rarity, "pointsAwarded", requirement, "sortOrder"
         from jsonb_to_recordset(?::jsonb) as s(name text, description text, icon text, category text, type text,
              rarity text, "pointsAwarded" int, requirement jsonb, "sortOrder" int)
       on conflict do nothing returning id`,
    [JSON.stringify(badges)],
  );
  return rows.length;
}

/** Inserts the default badges missing by name, in one statement; how many were added. */
export async function seedDefaultBadges(em: SqlExecutor, badges: readonly object[]): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into badges (name, description, icon, category, type, rarity, points_awarded, requirement, sort_order)
       select name, description, icon, category, type, rarity, "pointsAwarded", requirement, "sortOrder"
         from jsonb_to_recordset(?::jsonb) as s(name text, description text, icon text, category text, type text,
              rarity text, "pointsAwarded" int, requirement jsonb, "sortOrder" int)
       on conflict (name) do nothing
       returning id`,
    [JSON.stringify(badges)],
  );
  return rows.length;
}
