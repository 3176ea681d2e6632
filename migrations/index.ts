import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000AccountsInit } from './20261122000000-accounts-init.js';
import { Migration20261123000000CatalogInit } from './20261123000000-catalog-init.js';

/** The migration chain, in order. Add each new migration here. */
export const migrations: MigrationObject[] = [
  { name: '20261122000000-accounts-init', class: Migration20261122000000AccountsInit },
  { name: '20261123000000-catalog-init', class: Migration20261123000000CatalogInit },
];
