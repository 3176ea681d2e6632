/**
 * The counting statements of the shared limits (one round trip each, on the write connection outside any
 * transaction): a hit starts a new window when the old one is over, else adds to it.
 */
export const COUNT_HIT_SQL = `insert into rate_limit_counters as c (key, hits, reset_at) values (?, 1, ?::timestamptz)
  on conflict (key) do update set
    hits = case when c.reset_at <= ?::timestamptz then 1 else c.hits + 1 end,
    reset_at = case when c.reset_at <= ?::timestamptz then excluded.reset_at else c.reset_at end
  returning hits, reset_at`;

/** A failure counted for the back-off: the count grows while failures come within `retain` of each other. */
export const COUNT_FAILURE_SQL = `insert into rate_limit_counters as c (key, hits, reset_at) values (?, 1, ?::timestamptz)
  on conflict (key) do update set
    hits = case when c.reset_at <= ?::timestamptz then 1 else c.hits + 1 end,
    reset_at = excluded.reset_at
  returning hits, reset_at`;

export const READ_COUNTER_SQL = 'select hits, reset_at from rate_limit_counters where key = ? and reset_at > ?::timestamptz';
export const UNCOUNT_HIT_SQL = 'update rate_limit_counters set hits = greatest(hits - 1, 0) where key = ?';
export const FORGET_KEY_SQL = 'delete from rate_limit_counters where key = ?';
export const FORGET_EXPIRED_SQL = `with gone as (delete from rate_limit_counters where reset_at <= ?::timestamptz returning 1) select count(*)::int as n from gone`;
