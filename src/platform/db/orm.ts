import { MikroORM, RequestContext, defineConfig, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntitySchema } from '@mikro-orm/core';
import type { Logger } from '../logger.js';
import { migrations } from '../../../migrations/index.js';
import { requestEntityManager } from './request-em.js';
import { PitlaneEntityManager } from './entity-manager.js';

export type { EntityManager };
export { MikroORM };

export interface OrmOptions {
  url: string;
  // biome-ignore lint: entity schemas are heterogeneous
  entities: EntitySchema<any, any>[];
  logger?: Logger;
  poolMax?: number;
}

/** Builds the MikroORM configuration shared by the server, the CLI and the tests. */
export function ormConfig(options: OrmOptions) {
  return defineConfig({
    clientUrl: options.url,
    // A Unix socket directory given as ?host=... (the embedded cluster's URL): MikroORM reads only the URL's
    // host name, so the socket directory is passed on its own.
    host: new URL(options.url).searchParams.get('host') ?? undefined,
    entities: options.entities,
    extensions: [Migrator],
    entityManager: PitlaneEntityManager,
    pool: { min: 0, max: options.poolMax ?? 10 },
    allowGlobalContext: false,
    // RequestContext.create (jobs, CLI, seeds) first; an API request's lazily forked manager next.
    context: (name: string) => RequestContext.getEntityManager(name) ?? requestEntityManager(name),
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    debug: false,
    logger: (message: string) => options.logger?.debug({ orm: message }, 'orm'),
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: 'dist/migrations',
      pathTs: 'migrations',
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  });
}

/** Connects MikroORM to the database. */
export async function createOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(ormConfig(options));
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
