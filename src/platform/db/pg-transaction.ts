import pg from 'pg';
import { holdingConnection } from './connection-guard.js';

/** What services need to run SQL: `execute(sql, params)` with `?` placeholders, as MikroORM's EntityManager has. */
export interface SqlExecutor {
  // biome-ignore lint: rows of any shape, as EntityManager.execute
  execute<T = any>(sql: string, params?: readonly unknown[]): Promise<T>;
}

/**
 * Connections of the lock pool (`TOKENS.PgLockPool`): the transactions that hold a hot row lock (bid batches)
 * and the short sends after them (live notices, sweep requests). The bid path runs as many transactions at once.
 */
export const LOCK_POOL_CONNECTIONS = 4;

/** `sql` with each `?` placeholder outside string literals and quoted identifiers replaced by `by(n)` (n from 1). */
function replacePlaceholders(sql: string, by: (n: number) => string): string {
  let n = 0;
  let out = '';
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += by(++n);
      continue;
    }
    out += ch;
  }
  return out;
}

/** `?` placeholders to `$1..$n`, leaving string literals and quoted identifiers alone. */
export const numberPlaceholders = (sql: string): string => replacePlaceholders(sql, (n) => `$${n}`);

/**
 * Rows come with pg's own types (timestamps as Date) whichever pool the connection is from.
 *
 * A transaction on one pooled connection, without the ORM: for hot paths where every round trip waits its turn
 * in a busy event loop. `begin(first)` sends BEGIN together with a first statement in one round trip (simple
 * protocol, so that statement takes no parameters: build it with `literal`).
 */
export class PgTransaction implements SqlExecutor {
  private constructor(private readonly client: pg.PoolClient) {}

  /** Runs `work` in a transaction; commits when it returns, rolls back when it throws. */
  static async run<T>(pool: pg.Pool, work: (tx: PgTransaction) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    const tx = new PgTransaction(client);
    let broken = false;
    try {
      const result = await holdingConnection('a lock-pool transaction', () => work(tx));
      if (!tx.begun || tx.committed) return result;
      await client.query('commit');
      return result;
    } catch (error) {
      // After a failed COMMIT (executeAndCommit) the transaction is over; the rollback is then a no-op.
      if (tx.begun) await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private begun = false;

  /** BEGIN, then `first` (if given) in the same round trip; returns the rows of `first`. */
  // biome-ignore lint: rows of any shape
  async begin<T = any>(first?: string): Promise<T[]> {
    if (!first) {
      if (this.begun) throw new Error('transaction already begun');
      this.begun = true;
      await this.client.query('begin');
      return [];
    }
    return (await this.beginMany<T>([first]))[0]!;
  }

  /** BEGIN, then `statements` in order in the same round trip (no parameters: build them with `literal`); returns each one's rows. */
  // biome-ignore lint: rows of any shape
  async beginMany<T = any>(statements: readonly string[]): Promise<T[][]> {
    if (this.begun) throw new Error('transaction already begun');
    this.begun = true;
    const results = (await this.client.query({ text: ['begin', ...statements].join('; '), types: pg.types })) as unknown as pg.QueryResult[];
    return results.slice(1).map((r) => r.rows as T[]);
  }

  // biome-ignore lint: rows of any shape, as EntityManager.execute
  async execute<T = any>(sql: string, params: readonly unknown[] = []): Promise<T> {
    if (this.committed) throw new Error('the transaction is already committed');
    if (!this.begun) await this.begin();
    return (await this.client.query({ text: numberPlaceholders(sql), values: params as unknown[], types: pg.types })).rows as T;
  }

  /**
   * Runs `sql` and COMMIT in one round trip (simple protocol: the parameters go in as literals); returns the
   * rows of `sql`. Nothing may run in the transaction after it.
   */
  // biome-ignore lint: rows of any shape, as EntityManager.execute
  async executeAndCommit<T = any>(sql: string, params: readonly unknown[] = []): Promise<T> {
    return (await this.executeMany([{ sql, params }], true))[0] as T;
  }

  /**
   * Runs `statements` in order in one round trip (simple protocol: the parameters go in as literals), with
   * COMMIT after them when `commit` (nothing may run in the transaction after it); returns each one's rows.
   */
  // biome-ignore lint: rows of any shape, as EntityManager.execute
  async executeMany<T = any>(statements: readonly { sql: string; params?: readonly unknown[] }[], commit: boolean): Promise<T[][]> {
    if (this.committed) throw new Error('the transaction is already committed');
    if (!this.begun) await this.begin();
    if (commit) this.committed = true;
    const texts = statements.map(({ sql, params }) => this.inline(sql, params ?? []));
    const result = (await this.client.query({ text: [...texts, ...(commit ? ['commit'] : [])].join('; '), types: pg.types })) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(result) ? result : [result];
    return results.slice(0, statements.length).map((r) => r.rows as T[]);
  }

  private committed = false;

  /** `sql` with its `?` placeholders replaced by the parameters as literals. */
  private inline(sql: string, params: readonly unknown[]): string {
    return replacePlaceholders(sql, (n) => {
      const value = params[n - 1];
      if (value === null || value === undefined) return 'null';
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      return this.client.escapeLiteral(String(value));
    });
  }

  /** A value as an SQL literal, for `begin(first)`. */
  literal(value: string): string {
    return this.client.escapeLiteral(value);
  }
}
