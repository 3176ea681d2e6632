import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import pg from 'pg';
import supertest from 'supertest';
import { inject } from 'vitest';
import { RequestContext, TransactionContext } from '@mikro-orm/postgresql';
import { insideRequestScope } from '../src/platform/db/request-em.js';
import { loadConfig } from '../src/platform/config.js';
import { ManualClock } from '../src/platform/clock.js';
import { createLogger } from '../src/platform/logger.js';
import { boot, type Runtime } from '../src/platform/runtime.js';
import { guardCounters } from '../src/platform/db/connection-guard.js';
import { createApp } from '../src/platform/http/app.js';
import { drainJobs } from '../src/jobs/runner.js';
import { modules } from '../src/modules.js';

export interface TestApp {
  app: Express;
  rt: Runtime;
  clock: ManualClock;
  /** A fresh client with its own cookie jar (a browser). */
  agent(): ReturnType<typeof supertest.agent>;
  /** Runs every job that is due now. */
  drain(): Promise<void>;
  /** Runs `fn` with a request-scoped entity manager, as a request would. */
  inContext<T>(fn: () => Promise<T>): Promise<T>;
  /** Plain SQL against this test's database. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Services a test takes from the container and calls outside any request run as a job would: each call in a
 * unit of work of its own (requests and jobs bring theirs; inside one, calls join it as in production).
 */
function runServicesAsJobs(rt: Runtime): void {
  const get = rt.container.get.bind(rt.container) as (...args: unknown[]) => unknown;
  // Without resolving the context (which would fork a request's entity manager that may never be used).
  const outsideAnyContext = () =>
    !insideRequestScope() && !RequestContext.currentRequestContext() && !TransactionContext.currentTransactionContext();
  (rt.container as unknown as { get: (...args: unknown[]) => unknown }).get = (...args: unknown[]) => {
    const service = get(...args);
    if (!service || typeof service !== 'object') return service;
    return new Proxy(service, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function' || prop === 'constructor') return value;
        return (...callArgs: unknown[]) =>
          outsideAnyContext()
            ? RequestContext.create(rt.orm.em, () => (value as (...a: unknown[]) => unknown).apply(target, callArgs))
            : (value as (...a: unknown[]) => unknown).apply(target, callArgs);
      },
    });
  };
}

/** A fresh database (own name, migrated) and a full app on it, for one test file. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const dbName = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitlane-t-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://pitlane.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = new ManualClock(new Date());
  const rt = await boot(config, modules, {
    databaseUrl: url.toString(),
    clock,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    poolMax: 4,
  });
  runServicesAsJobs(rt);
  const app = createApp({ container: rt.container, modules, readiness: { database: true, worker: true } });
  return {
    app,
    rt,
    clock,
    agent: () => supertest.agent(app),
    drain: () => drainJobs(rt),
    inContext: (fn) => RequestContext.create(rt.orm.em, fn),
    sql: async (text, params) => (await rt.pool.query(text, params)).rows,
    close: async () => {
      await rt.close();
      // Fails the file when any of its code asked for a second connection inside a transaction (issue 31), even
      // where the error was swallowed on the way.
      if (guardCounters.violations > 0) {
        const seen = guardCounters.messages.splice(0);
        guardCounters.violations = 0;
        throw new Error(`a transaction asked for a second connection:\n${seen.join('\n\n')}`);
      }
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
