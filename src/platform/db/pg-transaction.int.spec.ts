import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { numberPlaceholders, PgTransaction } from './pg-transaction.js';

describe('numberPlaceholders', () => {
  it('numbers ? placeholders outside string literals and quoted identifiers', () => {
    expect(numberPlaceholders(`select ?, '?' as "a?", ?::json where x = '?''?' and y = ?`)).toBe(
      `select $1, '?' as "a?", $2::json where x = '?''?' and y = $3`,
    );
  });
});

describe('PgTransaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.sql('create table tx_probe (n int primary key)');
  });
  afterAll(async () => t?.close());

  it('sends BEGIN with a first statement, commits what the work wrote and rolls back when it throws', async () => {
    const rows = await PgTransaction.run(t.rt.pool, async (tx) => {
      const [first] = await tx.begin<{ n: number }>(`insert into tx_probe values (${tx.literal('1')}::int) returning n`);
      await tx.execute('insert into tx_probe values (?)', [2]);
      return [first, await tx.execute<{ n: number }[]>('select count(*)::int as n from tx_probe')];
    });
    expect(rows).toEqual([{ n: 1 }, [{ n: 2 }]]);
    await expect(
      PgTransaction.run(t.rt.pool, async (tx) => {
        await tx.execute('insert into tx_probe values (?)', [3]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await t.sql('select n from tx_probe order by n')).toEqual([{ n: 1 }, { n: 2 }]);
    // The connection went back to the pool usable (nothing left open on it).
    const idle = await t.rt.pool.query('select 1 as ok');
    expect(idle.rows).toEqual([{ ok: 1 }]);
  });

  it('runs a last statement together with COMMIT, parameters inlined as literals', async () => {
    const text = "it's \\ a '?' test";
    const [row] = await PgTransaction.run(t.rt.pool, async (tx) => {
      await tx.execute('insert into tx_probe values (?)', [10]);
      const rows = await tx.executeAndCommit<{ n: number; text: string; none: null }[]>(
        'insert into tx_probe values (?) returning n, ?::text as text, ? as none',
        [11, text, null],
      );
      await expect(tx.execute('select 1')).rejects.toThrow('already committed');
      return rows;
    });
    expect(row).toEqual({ n: 11, text, none: null });
    expect(await t.sql('select n from tx_probe where n >= 10 order by n')).toEqual([{ n: 10 }, { n: 11 }]);
  });

  it('sends several statements with BEGIN, and several with or without COMMIT, answering each one\'s rows', async () => {
    const answers = await PgTransaction.run(t.rt.pool, async (tx) => {
      const first = await tx.beginMany<{ n: number }>(['insert into tx_probe values (20) returning n', 'select 7 as n where false', 'insert into tx_probe values (21) returning n']);
      const middle = await tx.executeMany<{ n: number }>([{ sql: 'insert into tx_probe values (?) returning n', params: [22] }], false);
      const last = await tx.executeMany<{ n: number }>(
        [
          { sql: 'insert into tx_probe values (?) returning n', params: [23] },
          { sql: 'select count(*)::int as n from tx_probe where n >= ?', params: [20] },
        ],
        true,
      );
      await expect(tx.execute('select 1')).rejects.toThrow('already committed');
      return { first, middle, last };
    });
    expect(answers).toEqual({ first: [[{ n: 20 }], [], [{ n: 21 }]], middle: [[{ n: 22 }]], last: [[{ n: 23 }], [{ n: 4 }]] });
    // A failing statement among several rolls back all of them.
    await expect(
      PgTransaction.run(t.rt.pool, (tx) => tx.executeMany([{ sql: 'insert into tx_probe values (?)', params: [30] }, { sql: 'insert into tx_probe values (?)', params: [20] }], true)),
    ).rejects.toThrow(/duplicate key/);
    expect(await t.sql('select n from tx_probe where n >= 20 order by n')).toEqual([{ n: 20 }, { n: 21 }, { n: 22 }, { n: 23 }]);
  });
});
