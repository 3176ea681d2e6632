import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

// The newest public parts' search vectors (`part_search_recent`, migration catalog-search-recent): every public part
// created at or after the floor has a row, so the newest matches of a text, when there are enough of them there,
// are the catalog's newest matches, found in a small text index instead of by reading every match.

/** How many of the newest public parts the table keeps after a trim (it grows between trims). */
export const RECENT_PARTS = 200_000;

/** The advisory lock the trigger takes shared and the trim exclusive (see the migration). */
const LOCK = `hashtext('part_search_recent')`;

/**
 * Keeps the newest `keep` public parts (and those created at the same moment as the last of them): raises the
 * floor to the creation time of the keep-th newest and deletes what is older; returns how many rows went. Runs in
 * the caller's transaction, which must be one: the floor and the deletion are one change for the trigger.
 */
export async function trimRecent(em: SqlExecutor, keep = RECENT_PARTS): Promise<number> {
  await em.execute(`select pg_advisory_xact_lock(${LOCK})`);
  const [cut] = await em.execute<{ created_at: Date }[]>(
    `select created_at from part_search_recent order by created_at desc offset ? limit 1`,
    [keep - 1],
  );
  if (!cut) return 0;
  await em.execute(`update part_search_recent_floor set floor = ? where floor < ?`, [cut.created_at, cut.created_at]);
  const gone = await em.execute<{ n: number }[]>(
    `with gone as (delete from part_search_recent where created_at < ? returning 1) select count(*)::int as n from gone`,
    [cut.created_at],
  );
  return Number(gone[0]?.n ?? 0);
}

/**
 * The `newest` CTE body of a relevance search over the recent table: the newest `limit` public parts whose vector
 * matches `tsquery` (one parameter: the text), as (tid, id, created_at) of their parts rows. Exactly the catalog's
 * newest matches when it finds `limit` of them at or after the floor (the floor rule: rows below it, left by a trim
 * racing a listing, are ignored); with fewer, the caller reads the whole catalog.
 */
export const recentNewest = (tsquery: string, limit: number) => `select p.ctid as tid, p.id, p.created_at
  from (select r.part_id from part_search_recent r
        where r.search_vector @@ ${tsquery} and r.created_at >= (select floor from part_search_recent_floor)
        order by r.created_at desc, r.part_id limit ${limit}) r
  join parts p on p.id = r.part_id`;
