import { LOCK_POOL_CONNECTIONS } from './db/pg-transaction.js';
import { Container } from 'inversify';
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { Clock, SystemClock } from './clock.js';
import { createLogger, type Logger } from './logger.js';
import { createOrm, migrate } from './db/orm.js';
import { startEmbeddedCluster, type EmbeddedCluster } from './db/embedded.js';
import { EventBus } from './events.js';
import { JobQueue } from './jobs.js';
import { Mailer, MailQueue } from './mail/mailer.js';
import type { PitlaneModule } from './module.js';
import { WriteBehindRegistry } from './write-behind.js';
import { TOKENS } from './tokens.js';

/** Everything a process (server, worker, CLI, test) shares: configuration, database and container. */
export interface Runtime {
  config: Config;
  logger: Logger;
  container: Container;
  orm: MikroORM;
  pool: pg.Pool;
  databaseUrl: string;
  modules: PitlaneModule[];
  /** Stops the pool, the ORM and (if this process started it) the embedded database. */
  close(): Promise<void>;
}

export interface BootOptions {
  logger?: Logger;
  clock?: Clock;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Override the database (tests). */
  databaseUrl?: string;
  poolMax?: number;
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

/** Connects to the database, applies migrations and builds the container from the modules. */
export async function boot(config: Config, modules: PitlaneModule[], options: BootOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const { url, cluster } = options.databaseUrl
    ? { url: options.databaseUrl, cluster: undefined }
    : await resolveDatabase(config, logger);
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
  let closing = false;
  const onPoolError = (err: Error) => {
    if (!closing) logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection failed');
  };
  // Transactions that hold a hot row lock (bid batches) take their connection from a pool of their own, so
  // they never wait in the main pool's queue behind ordinary reads while other requests wait for the lock.
  const lockPool = new pg.Pool({ connectionString: url, max: LOCK_POOL_CONNECTIONS });
  // The public read path (search, part pages) runs at most as many statements at once as the machine has
  // cores, plus one: the others queue here instead of sharing the cores, so a costly search is not stretched
  // by every cheap one running beside it (docs/decisions/platform.md, "A read pool the size of the machine").
  const readPool = new pg.Pool({ connectionString: url, max: config.dbReadConnections, application_name: 'pitlane-read' });
  const pools = [pool, lockPool, readPool];
  for (const p of pools) {
    p.on('error', onPoolError);
    p.on('connect', (client) => client.on('error', onPoolError));
  }
  let orm: MikroORM | undefined;
  try {
    orm = await createOrm({ url, entities: modules.flatMap((m) => m.entities), logger, poolMax: options.poolMax });
    if (options.migrate !== false) {
      const applied = await migrateAll(orm, pool);
      if (applied.length) logger.info({ applied }, 'migrations applied');
    }
  } catch (error) {
    await orm?.close().catch(() => {});
    await Promise.all(pools.map((p) => p.end().catch(() => {})));
    await cluster?.stop().catch(() => {});
    throw error;
  }

  const subscriptions: Record<string, string[]> = {};
  for (const module of modules) {
    for (const [event, tasks] of Object.entries(module.subscriptions ?? {})) {
      subscriptions[event] = [...(subscriptions[event] ?? []), ...tasks];
    }
  }

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Orm).toConstantValue(orm);
  container.bind(TOKENS.PgPool).toConstantValue(pool);
  container.bind(TOKENS.PgLockPool).toConstantValue(lockPool);
  container.bind(TOKENS.PgReadPool).toConstantValue(readPool);
  container.bind(TOKENS.Subscriptions).toConstantValue(subscriptions);
  container.bind(TOKENS.Modules).toConstantValue(modules);
  container.bind(Clock).toConstantValue(options.clock ?? new SystemClock());
  container.bind(JobQueue).toSelf();
  container.bind(EventBus).toSelf();
  container.bind(Mailer).toSelf();
  container.bind(MailQueue).toSelf();
  container.bind(WriteBehindRegistry).toConstantValue(new WriteBehindRegistry());
  container.load(...modules.map((m) => m.containerModule));

  const ormRef = orm;
  return {
    config,
    logger,
    container,
    orm: ormRef,
    pool,
    databaseUrl: url,
    modules,
    close: async () => {
      closing = true;
      await container.get(WriteBehindRegistry).flushAll();
      container.get(Mailer).close();
      await ormRef.close();
      await Promise.all(pools.map((p) => p.end()));
      await cluster?.stop();
    },
  };
}
