// Prints the SQL that would create the schema of every entity: a starting point for a migration.
import { createOrm } from '../src/platform/db/orm.js';
import { modules } from '../src/modules.js';
import { startEmbeddedCluster } from '../src/platform/db/embedded.js';

const url = process.env.DATABASE_URL ?? (await startEmbeddedCluster({ dataDir: process.env.DATA_DIR ?? '/tmp/pitlane-schema', port: 54400 })).url;
const orm = await createOrm({ url, entities: modules.flatMap((m) => m.entities) });
console.log(await orm.schema.getCreateSchemaSQL());
await orm.close();
process.exit(0);
