import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addJobsSql, JobQueue } from './jobs.js';
import { Database } from './db/database.js';

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

describe('JobQueue', () => {
  const queue = new JobQueue();
  const db = () => t.rt.container.get(Database);

  it('adds, adds many and removes by key in the caller\'s transaction, and adds nothing when it rolls back', async () => {
    await t.inContext(() =>
      db().transaction(async (tx) => {
        await queue.add(tx, 'test/queue', { n: 1 }, { jobKey: 'q1' });
        await queue.addMany(tx, [
          { task: 'test/queue', payload: { n: 2 }, options: { jobKey: 'q2' } },
          { task: 'test/queue', payload: { n: 3 }, options: { maxAttempts: 2 } },
        ]);
        await queue.remove(tx, 'q1', 'no-such-key');
      }),
    );
    expect(await pending('test/queue')).toEqual([
      { key: 'q2', payload: { n: 2 }, max_attempts: 25 },
      { key: null, payload: { n: 3 }, max_attempts: 2 },
    ]);
    await expect(
      t.inContext(() =>
        db().transaction(async (tx) => {
          await queue.add(tx, 'test/queue-rolled-back', {});
          throw new Error('roll back');
        }),
      ),
    ).rejects.toThrow('roll back');
    expect(await pending('test/queue-rolled-back')).toEqual([]);
  });

  it('keeps a pending keyed job\'s time with addMany({ preserveRunAt })', async () => {
    const early = new Date(Date.now() + 60_000);
    const late = new Date(Date.now() + 3_600_000);
    await t.inContext(() => db().transaction((tx) => queue.addMany(tx, [{ task: 'test/keep', payload: {}, options: { jobKey: 'keep', runAt: early } }])));
    await t.inContext(() =>
      db().transaction((tx) => queue.addMany(tx, [{ task: 'test/keep', payload: {}, options: { jobKey: 'keep', runAt: late } }], { preserveRunAt: true })),
    );
    const [row] = await t.sql<{ run_at: Date }>(`select run_at from graphile_worker.jobs where key = 'keep'`);
    expect(row!.run_at.getTime()).toBe(early.getTime());
  });

  it('gathers the jobs of a transaction into one statement that the caller sends with its commit', async () => {
    await db().sqlTransaction('write', async (tx) => {
      const gathered = queue.gather(tx);
      await queue.add(tx, 'test/gathered', { n: 1 });
      await queue.add(tx, 'test/gathered', { n: 2 }, { jobKey: 'g2' });
      const statement = gathered.take()!;
      expect(gathered.take()).toBeNull();
      await tx.executeMany([statement], true);
    });
    expect((await pending('test/gathered')).map((j) => j.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
