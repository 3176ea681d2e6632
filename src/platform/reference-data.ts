import type { Container } from 'inversify';
import type { SqlExecutor } from './db/pg-transaction.js';
import type { Logger } from './logger.js';
import type { PitlaneModule } from './module.js';
import { Database } from './db/database.js';
import { RECORD_NEW_KEYS_SQL } from './reference-data.sql.js';

/**
 * Of `keys` of reference rows of `kind` (`catalog.category`), the ones never applied before, now recorded as
 * applied. A module inserts only those rows (and only where missing), so a start never puts back a row an admin
 * renamed or deleted, and never touches one an admin edited.
 */
export async function newReferenceKeys(tx: SqlExecutor, kind: string, keys: readonly string[]): Promise<Set<string>> {
  const rows = await tx.execute<{ key: string }[]>(RECORD_NEW_KEYS_SQL, [kind, JSON.stringify(keys)]);
  return new Set(rows.map((r) => r.key));
}

/** Runs `work` in one transaction (reference data is small and rare). */
export function referenceTransaction<T>(container: Container, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return container.get(Database).sqlTransaction('write', work);
}

/**
 * Applies every module's reference data (categories, makes, default badges...), as each start does, so a fresh
 * install is a usable marketplace without `pitlane seed`. Returns the modules' report lines.
 */
export async function applyReferenceData(container: Container, modules: readonly PitlaneModule[], logger?: Logger): Promise<string[]> {
  const lines: string[] = [];
  for (const module of modules) {
    for (const line of (await module.referenceData?.(container)) ?? []) lines.push(`${module.name}: ${line}`);
  }
  if (lines.length) logger?.info({ referenceData: lines }, 'reference data checked');
  return lines;
}
