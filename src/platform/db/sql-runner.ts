import { createHash } from 'node:crypto';
import pg from 'pg';

/** Runs one SQL statement whose parameters are written `?`, and returns its rows. */
export interface SqlRunner {
  /** Planned at each run with the values at hand: for statements whose best plan depends on them (filters). */
  run<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** As a named prepared statement, whose plan PostgreSQL may keep: only where one plan suits every value. */
  runPrepared<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

interface Statement {
  name: string;
  text: string;
}

/** Statement texts seen so far, with their names and `$n` placeholders (bounded: texts come from code). */
const statements = new Map<string, Statement>();
const MAX_STATEMENTS = 2000;

function statementOf(sql: string): Statement {
  let statement = statements.get(sql);
  if (!statement) {
    let n = 0;
    statement = {
      name: `q_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      text: sql.replace(/\?/g, () => `$${++n}`),
    };
    if (statements.size < MAX_STATEMENTS) statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs statements on a pg pool or client with bound parameters, without the ORM's `execute`, whose inlining of
 * the values cost more CPU than the part page's statement (the catalog's search and part pages, the session).
 * Rows come with pg's own types (timestamps as Date), whatever the pool's defaults (the ORM's pools keep them
 * as text). `runPrepared` also names the statement, so each connection parses it once and PostgreSQL may keep a generic
 * plan: right for a primary-key read or the lexicon look-up, wrong for the filtered searches, whose best index
 * depends on their values; those use `run`. The SQL must only use `?` for parameters.
 */
export function preparedRunner(db: pg.Pool | pg.Client): SqlRunner {
  return {
    async run<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await db.query({ text: statementOf(sql).text, values: [...params], types: pg.types });
      return result.rows as T[];
    },
    async runPrepared<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const { name, text } = statementOf(sql);
      const result = await db.query({ name, text, values: [...params], types: pg.types });
      return result.rows as T[];
    },
  };
}
