import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addJobsSql } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const pending = (task: string) =>
  t.sql<{ key: string | null; payload: unknown; max_attempts: number }>(
    `select j.key, j.payload, j.max_attempts from graphile_worker._private_jobs j
       join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = $1 order by j.id`,
    [task],
  );

describe('addJobsSql', () => {
  it('adds jobs from a statement, joins the array payloads of one key, and leaves nothing after a rollback', async () => {
    const add = (specs: unknown[]) => t.sql(addJobsSql('$1::json'), [JSON.stringify(specs)]);
    await add([
      { identifier: 'test/batch', job_key: 'k1', payload: [{ n: 1 }] },
      { identifier: 'test/batch', payload: { alone: true }, max_attempts: 3 },
    ]);
    await add([{ identifier: 'test/batch', job_key: 'k1', payload: [{ n: 2 }] }]);
    expect(await pending('test/batch')).toEqual([
      { key: 'k1', payload: [{ n: 1 }, { n: 2 }], max_attempts: 25 },
      { key: null, payload: { alone: true }, max_attempts: 3 },
    ]);

    const client = await t.rt.pool.connect();
    try {
      await client.query('begin');
      await client.query(addJobsSql('$1::json'), [JSON.stringify([{ identifier: 'test/rolled-back', payload: {} }])]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await pending('test/rolled-back')).toEqual([]);
  });
});
