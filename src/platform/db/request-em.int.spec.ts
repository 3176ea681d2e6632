import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { validRegistration } from '../../../test/accounts.fixtures.js';
import { requestEntityManager, runWithRequestEntityManager } from './request-em.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

describe('the API request entity manager', () => {
  it('is forked on first use, once per request, and is what the root manager resolves to', async () => {
    const root = t.rt.orm.em;
    const fork = vi.spyOn(root, 'fork');
    const seen = await Promise.all(
      [1, 2].map(() =>
        runWithRequestEntityManager(root, async () => {
          const em = root.getContext();
          await em.getConnection().execute('select 1');
          expect(root.getContext()).toBe(em);
          expect(requestEntityManager(root.name)).toBe(em);
          return em;
        }),
      ),
    );
    expect(fork).toHaveBeenCalledTimes(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).not.toBe(root);
  });

  it('is not forked for a request that never uses it', async () => {
    const fork = vi.spyOn(t.rt.orm.em, 'fork');
    await runWithRequestEntityManager(t.rt.orm.em, async () => 'no database work');
    await t.agent().get('/api/parts/00000000-0000-4000-8000-000000000000').expect(404);
    expect(fork).not.toHaveBeenCalled();
  });

  it('still serves requests that write through the ORM', async () => {
    const fork = vi.spyOn(t.rt.orm.em, 'fork');
    await t.agent().post('/api/users').send(validRegistration({ username: 'lazy_fork' })).expect(201);
    expect(fork).toHaveBeenCalled();
  });

  it('gives nothing outside a request, where the root manager resolves to itself', () => {
    expect(requestEntityManager(t.rt.orm.em.name)).toBeUndefined();
    expect(t.rt.orm.em.getContext(false)).toBe(t.rt.orm.em);
  });
});
