import { EntityManager as PostgreSqlEntityManager, type TransactionOptions } from '@mikro-orm/postgresql';
import { holdingConnection } from './connection-guard.js';

/** `values` as a PostgreSQL array literal (`{"a","b"}`), for a `?::text[]` or `?::uuid[]` parameter. */
export function pgArrayLiteral(values: readonly unknown[]): string {
  const element = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return pgArrayLiteral(v);
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/**
 * MikroORM's entity manager with two house rules:
 * - its transactions tell the connection guard that their work holds a connection: inside `transactional`,
 *   asking any pool for another one is the mistake that froze the site (issue 31);
 * - an array parameter of `execute` is one PostgreSQL array (`any(?::uuid[])`), as with pg, not MikroORM's
 *   comma-separated list of values.
 */
export class PitlaneEntityManager extends PostgreSqlEntityManager {
  override async transactional<T>(cb: (em: this) => T | Promise<T>, options?: TransactionOptions): Promise<T> {
    return super.transactional((em: this) => holdingConnection('an entity manager transaction', async () => cb(em)), options);
  }

  // biome-ignore lint: MikroORM's overloads
  override execute(query: any, params?: any, ...rest: any[]): Promise<any> {
    const mapped = Array.isArray(params) ? params.map((p) => (Array.isArray(p) ? pgArrayLiteral(p) : p)) : params;
    return (super.execute as (...args: unknown[]) => Promise<unknown>)(query, mapped, ...rest);
  }
}
