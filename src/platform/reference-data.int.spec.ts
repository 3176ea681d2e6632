import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { serve } from '../main.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

let adminUrl: string;
let dbName: string;
let dbUrl: string;
let dataDir: string;

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl');
  dbName = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitlane-start-'));
});

afterAll(async () => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the whole product as `npm start` does (no worker), on the test's fresh database. */
const start = () =>
  serve(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WORKER: 'off',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://pitlane.test',
      LOG_LEVEL: 'silent',
    }),
    createLogger('silent'),
  );

describe('a fresh start', () => {
  it('is a usable marketplace: categories, makes and the default badges are in place without `pitlane seed`', async () => {
    const server = await start();
    try {
      const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as Array<{ slug: string }>;
      expect(categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['engine', 'brakes', 'wheels']));
      expect(categories).toHaveLength(20);
      const makes = (await (await fetch(`${server.url}/api/makes`)).json()) as unknown[];
      expect(makes.length).toBeGreaterThanOrEqual(50);
      const { rows } = await server.runtime.pool.query<{ n: number }>('select count(*)::int as n from badges');
      expect(rows[0]!.n).toBe(10);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('never overwrites or puts back what admins changed on the next start', async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(`update categories set name = 'Engines & Blocks', icon = 'gear' where slug = 'engine'`);
    await c.query(`delete from badges where name = 'Early Adopter'`);
    await c.query(`update badges set name = 'Verified' where name = 'Verified Seller'`);
    const before = await c.query('select count(*)::int as n from categories');
    await c.end();

    const server = await start();
    try {
      const pool = server.runtime.pool;
      expect((await pool.query(`select name, icon from categories where slug = 'engine'`)).rows).toEqual([{ name: 'Engines & Blocks', icon: 'gear' }]);
      expect((await pool.query('select count(*)::int as n from categories')).rows).toEqual(before.rows);
      const badges = (await pool.query<{ name: string }>('select name from badges order by name')).rows.map((b) => b.name);
      expect(badges).not.toContain('Early Adopter');
      expect(badges).not.toContain('Verified Seller');
      expect(badges).toContain('Verified');
      expect(badges).toHaveLength(9);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
