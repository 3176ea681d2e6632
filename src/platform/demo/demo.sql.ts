/**
 * The demo's statements: its marks (`demo_records`), written in the run's one transaction, and the console's
 * runs (`demo_runs`), written beside it so the console sees them at once. `?` placeholders throughout.
 */

/** The ids the demo made of one kind, by key. Parameter: the kind. */
export const DEMO_RECORD_IDS_SQL = 'select key, id from demo_records where kind = ? order by key';

/** Marks records as the demo's, in one statement; a key marked before stays. Parameters: the kind, the `[{key, id}]` as JSON. */
export const MARK_DEMO_RECORDS_SQL = `insert into demo_records (kind, key, id)
         select ?, key, id from jsonb_to_recordset(?::jsonb) as r(key text, id uuid)
         on conflict do nothing`;

/** Forgets the marks of one kind. Parameter: the kind. */
export const FORGET_DEMO_RECORDS_SQL = 'delete from demo_records where kind = ?';

/** Lifts the web's timeouts for the run's transaction (a demo run is long work between statements). */
export const DEMO_RUN_NO_TIMEOUTS_SQL = 'set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0';

/** One run at a time (CLI or console): a second waits here until the first commits. */
export const DEMO_RUN_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('pitlane:demo-data'))`;

/** Fails the runs still queued or running that were created before the stale cut. Parameters: now, the cut. */
export const FAIL_STALE_RUNS_SQL = `update demo_runs set status = 'failed', error = 'Interrupted: the worker stopped before the run finished.', finished_at = ?
          where status in ('queued', 'running') and created_at < ?`;

/**
 * A new queued run, or no row while another is queued or running (the partial unique index `demo_runs_one_open`
 * decides). Parameters: action, parts, requested by, created at.
 */
export const INSERT_RUN_SQL = `insert into demo_runs (action, parts, requested_by, created_at) values (?, ?, ?, ?)
         on conflict do nothing returning *`;

export const FIND_RUN_SQL = 'select * from demo_runs where id = ?';

/** Marks a queued run started (no row when it is not queued). Parameters: started at, id. */
export const START_RUN_SQL = `update demo_runs set status = 'running', started_at = ? where id = ? and status = 'queued' returning id`;

/** Where a running run stands. Parameters: step, done, total, percent, id. */
export const RUN_PROGRESS_SQL = `update demo_runs set step = ?, done = ?, total = ?, percent = ? where id = ? and status = 'running'`;

/** Parameters: the summary lines as JSON, finished at, id. */
export const RUN_SUCCEEDED_SQL = `update demo_runs set status = 'succeeded', percent = 100, summary = ?::jsonb, finished_at = ? where id = ?`;

/** Parameters: the error, finished at, id. */
export const RUN_FAILED_SQL = `update demo_runs set status = 'failed', error = ?, finished_at = ? where id = ?`;

export const LATEST_RUN_SQL = 'select * from demo_runs order by created_at desc limit 1';

/** How many records the demo holds, by kind. */
export const DEMO_RECORD_COUNTS_SQL = 'select kind, count(*)::int as n from demo_records group by kind order by kind';
