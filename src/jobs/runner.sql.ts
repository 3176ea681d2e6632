/** How many jobs a worker holds now, from graphile-worker's public `jobs` view (drainJobs waits for none). */
export const LOCKED_JOBS_SQL = 'select count(*)::int as n from graphile_worker.jobs where locked_at is not null';
