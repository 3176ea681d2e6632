// Shared plumbing of the benchmarks in load-tests/: command-line options, percentiles, an embedded
// PostgreSQL plus the `pitlane` server on loopback, and their clean shutdown.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedCluster } from '../../src/platform/db/embedded.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The value at percentile `p` (0-100) of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencies(values: readonly number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (ms) of a process (utime + stime), with its reaped children's when `children` (Linux /proc). */
export function cpuMs(pid: number, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return ((utime! + stime! + (children ? cutime! + cstime! : 0)) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) used so far by a PostgreSQL cluster: the postmaster with its exited backends, plus the
 * backends still running. Null when the cluster is not ours (no postmaster.pid under `pgDir`).
 */
export function postgresCpuMs(pgDir: string): number | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === postmaster) total += cpuMs(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Node arguments that run the `pitlane` CLI with `args`: the build in dist/, or the sources through tsx. */
export function cli(args: string[], source: boolean): string[] {
  return source
    ? ['--import', 'tsx', '--input-type=module', '-e', `(await import('./src/cli/main.ts')).runCli(${JSON.stringify(['node', 'pitlane', ...args])})`]
    : [path.join(root, 'bin/pitlane.js'), ...args];
}

export function pitlane(args: string[], env: NodeJS.ProcessEnv, source: boolean): void {
  const result = spawnSync(process.execPath, cli(args, source), { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`pitlane ${args.join(' ')} failed (exit ${result.status})`);
}

export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready within 2 minutes');
}

export interface StackOptions {
  /** Data folder of the embedded cluster (and the server's DATA_DIR below it). */
  dataDir: string;
  pgPort: number;
  database: string;
  /** Use this database instead of starting an embedded cluster. */
  databaseUrl?: string;
  /** Benchmark a server that is already running (with `databaseUrl`). */
  url?: string;
  /** Serve from the TypeScript sources through tsx instead of the build in dist/. */
  source: boolean;
  worker: boolean;
  /** Extra Node options for the server process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  serverNodeArgs?: string[];
  /** Extra settings of the embedded cluster when this stack starts it (e.g. shared_preload_libraries). */
  postgresSettings?: Record<string, string>;
  /** Called after migrate and seed, before the server starts (data loading). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

export interface Stack {
  databaseUrl: string;
  baseUrl: string;
  /** The server process this stack started, if any. */
  serverPid?: number;
  /** The embedded cluster's folder, if this stack uses one. */
  pgDir?: string;
  sessionSecret: string;
  stop(): Promise<void>;
}

/**
 * Starts (or reuses) the database, migrates and seeds it, runs `prepare`, then starts `pitlane serve` on a
 * free loopback port. `stop()` stops what was started, newest first; SIGINT does the same.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const cleanup: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch((e: unknown) => console.error(e));
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const sessionSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      DATA_DIR: path.join(options.dataDir, 'app'),
      LOG_LEVEL: 'warn',
      WORKER: options.worker ? 'on' : 'off',
    };
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      mkdirSync(options.dataDir, { recursive: true });
      const cluster = await startEmbeddedCluster({ dataDir: options.dataDir, port: options.pgPort, database: options.database, settings: options.postgresSettings });
      if (cluster.owned) cleanup.push(() => cluster.stop());
      databaseUrl = cluster.url;
      console.log(`embedded PostgreSQL in ${options.dataDir} (port ${new URL(cluster.url).port})`);
    }
    env.DATABASE_URL = databaseUrl;
    if (!options.url) {
      if (!options.source) {
        // Builds dist/ when it is missing or older than the sources, as `npm start` does.
        const built = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-built.mjs')], { cwd: root, stdio: 'inherit' });
        if (built.status !== 0) throw new Error('the build failed');
      }
      pitlane(['migrate'], env, options.source);
      pitlane(['seed'], env, options.source);
    }
    await options.prepare?.(databaseUrl);

    let baseUrl = options.url;
    let serverPid: number | undefined;
    if (!baseUrl) {
      const port = await freePort();
      console.log(options.source ? 'serving from the TypeScript sources (tsx)' : 'serving the build in dist/');
      const child = spawn(process.execPath, [...(options.serverNodeArgs ?? []), ...cli(['serve'], options.source)], {
        cwd: root,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      cleanup.push(async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      });
      baseUrl = `http://127.0.0.1:${port}`;
      serverPid = child.pid;
      await waitForHealth(baseUrl, child);
      console.log(`server ready at ${baseUrl}`);
    }
    const pgDir = options.databaseUrl ? undefined : path.join(options.dataDir, 'pg');
    return { databaseUrl, baseUrl, sessionSecret, serverPid, pgDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Settings that make an embedded cluster record its statements (for `--statements`). */
export const STATEMENT_STATS_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };

/**
 * The database's own view of a measured phase: `start()` clears pg_stat_statements, `report()` gives the
 * statements that took the most time since, nested ones (inside functions) included, with their mean time
 * and the buffers each call read. Needs a cluster started with STATEMENT_STATS_SETTINGS.
 */
export async function statementStats(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('create extension if not exists pg_stat_statements');
  return {
    async start(): Promise<void> {
      await db.query('select pg_stat_statements_reset()');
    },
    async report(limit = 15): Promise<string> {
      const { rows } = await db.query<{ calls: string; total: number; mean: number; buffers: number; query: string }>(
        `select calls, total_exec_time as total, mean_exec_time as mean,
                (shared_blks_hit + shared_blks_read)::float8 / greatest(calls, 1) as buffers,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
         order by total_exec_time desc limit $1`,
        [limit],
      );
      const lines = ['| calls | total ms | mean ms | buffers/call | statement |', '|---:|---:|---:|---:|---|'];
      for (const r of rows) {
        lines.push(`| ${r.calls} | ${fmt(r.total, 0)} | ${fmt(r.mean, 3)} | ${fmt(r.buffers, 1)} | \`${r.query.replace(/\|/g, '\\|')}\` |`);
      }
      return lines.join('\n');
    },
    end: () => db.end(),
  };
}
