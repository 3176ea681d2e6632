import { Container } from 'inversify';
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { Clock, SystemClock } from './clock.js';
import { createLogger, type Logger } from './logger.js';
import { createOrm, migrate } from './db/orm.js';
import { Database } from './db/database.js';
import { startEmbeddedCluster, type EmbeddedCluster } from './db/embedded.js';
import { EventBus } from './events.js';
import { JobQueue } from './jobs.js';
import { Mailer, MailQueue } from './mail/mailer.js';
import type { PitlaneModule } from './module.js';
import { WriteBehindRegistry } from './write-behind.js';
import { TOKENS } from './tokens.js';
import { createFileStore, FileStore } from './storage/index.js';

/** Everything a process (server, worker, CLI, test) shares: configuration, database and container. */
export interface Runtime {
  config: Config;
  logger: Logger;
  container: Container;
  /** The one door to PostgreSQL (platform/db/database.ts). */
  db: Database;
  orm: MikroORM;
  /** The system pool (graphile-worker, sessions): for the platform's plumbing and tests' plain SQL. */
  pool: pg.Pool;
  databaseUrl: string;
  modules: PitlaneModule[];
  /** Stops the pools (ending this process's busy connections past `deadlineMs`) and the embedded database. */
  close(deadlineMs?: number): Promise<void>;
}

export interface BootOptions {
  logger?: Logger;
  clock?: Clock;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Override the database (tests). */
  databaseUrl?: string;
  poolMax?: number;
  /** statement_timeout of this process's connections (the CLI's long commands pass 0). */
  statementTimeoutMs?: number;
  /** The process's role, in its connections' application_name. */
  role?: 'web' | 'worker' | 'cli' | 'test';
}

/** Resolves the database: DATABASE_URL, or the embedded cluster in DATA_DIR. */
export async function resolveDatabase(
  config: Config,
  logger: Logger,
): Promise<{ url: string; cluster?: EmbeddedCluster }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const cluster = await startEmbeddedCluster({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
  return { url: cluster.url, cluster };
}

/** Applies graphile-worker's schema and our migrations. */
export async function migrateAll(orm: MikroORM, pool: pg.Pool): Promise<string[]> {
  await runMigrations({ pgPool: pool });
  return migrate(orm);
}

/** Applies pending migrations on connections of their own, without the product's statement timeout. */
async function migrateDatabase(url: string, modules: PitlaneModule[], logger: Logger): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const orm = await createOrm({ url, entities: modules.flatMap((m) => m.entities), logger, poolMax: 2 });
  try {
    const applied = await migrateAll(orm, pool);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } finally {
    await orm.close();
    await pool.end();
  }
}

/** Connects to the database, applies migrations and builds the container from the modules. */
export async function boot(config: Config, modules: PitlaneModule[], options: BootOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const { url, cluster } = options.databaseUrl
    ? { url: options.databaseUrl, cluster: undefined }
    : await resolveDatabase(config, logger);
  let db: Database | undefined;
  try {
    if (options.migrate !== false) await migrateDatabase(url, modules, logger);
    db = await Database.open({
      url,
      readUrls: config.databaseReadUrls,
      entities: modules.flatMap((m) => m.entities),
      logger,
      poolSize: options.poolMax ?? config.db.poolSize,
      readConnections: config.dbReadConnections,
      lockConnections: config.db.lockConnections,
      systemConnections: config.db.systemConnections,
      acquireTimeoutMs: config.db.acquireTimeoutMs,
      statementTimeoutMs: options.statementTimeoutMs ?? config.db.statementTimeoutMs,
      idleInTransactionTimeoutMs: config.db.idleInTransactionTimeoutMs,
      guard: config.db.guard,
      applicationName: `pitlane-${options.role ?? 'web'}`,
    });
  } catch (error) {
    await cluster?.stop().catch(() => {});
    throw error;
  }
  const orm = db.orm;
  const pool = db.pool('system');

  const subscriptions: Record<string, string[]> = {};
  for (const module of modules) {
    for (const [event, tasks] of Object.entries(module.subscriptions ?? {})) {
      subscriptions[event] = [...(subscriptions[event] ?? []), ...tasks];
    }
  }

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(Database).toConstantValue(db);
  container.bind(TOKENS.Subscriptions).toConstantValue(subscriptions);
  container.bind(TOKENS.Modules).toConstantValue(modules);
  container.bind(Clock).toConstantValue(options.clock ?? new SystemClock());
  container.bind(JobQueue).toSelf();
  container.bind(EventBus).toSelf();
  container.bind(Mailer).toSelf();
  container.bind(MailQueue).toSelf();
  container.bind(WriteBehindRegistry).toConstantValue(new WriteBehindRegistry());
  // Uploaded and generated files: the bucket when S3_BUCKET is set (every node sees every file), else UPLOADS_DIR.
  container.bind(FileStore).toConstantValue(createFileStore(config));
  container.load(...modules.map((m) => m.containerModule));

  const database = db;
  return {
    config,
    logger,
    container,
    db: database,
    orm,
    pool,
    databaseUrl: url,
    modules,
    close: async (deadlineMs = config.shutdownTimeoutMs) => {
      await container.get(WriteBehindRegistry).flushAll();
      container.get(Mailer).close();
      await database.close(deadlineMs);
      await cluster?.stop();
    },
  };
}
