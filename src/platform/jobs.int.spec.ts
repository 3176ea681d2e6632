import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { JobQueue } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('JobQueue', () => {
  it('adds several jobs in one statement, inside the caller transaction', async () => {
    const jobs = t.rt.container.get(JobQueue);
    const later = new Date(Date.parse('2030-01-01T00:00:00Z'));
    const fork = t.rt.orm.em.fork();
    await fork.transactional(async (tx) => {
      await jobs.addMany(tx, [
        { task: 'test/many', payload: { n: 1 } },
        { task: 'test/many', payload: { n: 2 }, runAt: later, maxAttempts: 3 },
      ]);
      await jobs.addMany(tx, []);
    });
    const rows = await t.sql<{ payload: { n: number }; run_at: Date; max_attempts: number }>(
      `select payload, run_at, max_attempts from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'test/many' order by payload->>'n'`,
    );
    expect(rows.map((r) => [r.payload, r.max_attempts])).toEqual([
      [{ n: 1 }, 25],
      [{ n: 2 }, 3],
    ]);
    expect(rows[0]!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(rows[1]!.run_at.toISOString()).toBe(later.toISOString());

    // A rolled-back transaction leaves no job behind.
    await fork
      .transactional(async (tx) => {
        await jobs.addMany(tx, [{ task: 'test/rolled-back', payload: {} }]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await t.sql(`select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'test/rolled-back'`)).toEqual([]);
  });
});
