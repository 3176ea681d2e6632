import { DatabaseSchema, SchemaComparator, type AbstractSqlPlatform } from '@mikro-orm/sql';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Tables no entity maps on purpose: graphile-worker's own schema is elsewhere; the session store owns `sessions`. */
export const TABLES_WITHOUT_ENTITY = new Set(['mikro_orm_migrations', 'sessions']);

/**
 * Where the entities and the migrated database disagree, one sentence each (empty when they agree): a table of
 * ours without an entity, an entity without its table, and per entity table a column missing on either side or
 * of another type, nullability or length. Indexes, checks, triggers and defaults are the migrations' business:
 * the ORM neither creates nor reads them.
 */
export async function schemaDrift(orm: MikroORM): Promise<string[]> {
  const platform = orm.em.getPlatform() as unknown as AbstractSqlPlatform;
  const config = orm.config;
  const connection = orm.em.getConnection();
  const metadata = orm.getMetadata().getAll();
  const entities = [...metadata.values()].filter((m) => !m.embeddable && !m.virtual && m.tableName);
  const fromDb = await DatabaseSchema.create(connection as never, platform, config as never, 'public');
  const fromEntities = DatabaseSchema.fromMetadata(entities as never, platform, config as never, 'public');
  const problems: string[] = [];

  const entityTables = new Set(entities.map((m) => m.tableName));
  const dbTables = new Set(fromDb.getTables().filter((t) => (t.schema ?? 'public') === 'public').map((t) => t.name));
  for (const table of [...dbTables].sort()) {
    if (!entityTables.has(table) && !TABLES_WITHOUT_ENTITY.has(table)) problems.push(`table ${table} has no entity`);
  }
  for (const table of [...entityTables].sort()) {
    if (!dbTables.has(table)) problems.push(`entity table ${table} is not in the migrated database`);
  }

  const diff = new SchemaComparator(platform).compare(fromDb, fromEntities);
  for (const [name, change] of Object.entries(diff.changedTables).sort(([a], [b]) => a.localeCompare(b))) {
    const table = name.replace(/^public\./, '');
    if (!entityTables.has(table)) continue;
    for (const column of Object.keys(change.addedColumns)) problems.push(`${table}.${column}: the entity has it, the database does not`);
    for (const column of Object.keys(change.removedColumns)) problems.push(`${table}.${column}: the database has it, the entity does not`);
    for (const [column, c] of Object.entries(change.changedColumns)) {
      const wanted = [...c.changedProperties].filter((p) => ['type', 'nullable', 'length', 'precision', 'scale'].includes(p));
      if (!wanted.length) continue;
      const describe = (col: { type: string; nullable?: boolean; length?: number }) => `${col.type}${col.nullable ? ' null' : ' not null'}`;
      problems.push(`${table}.${column}: database ${describe(c.fromColumn)}, entity ${describe(c.column)} (${wanted.join(', ')})`);
    }
  }
  return problems;
}
