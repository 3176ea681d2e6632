import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import supertest from 'supertest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { createApp } from './app.js';

let t: TestApp;
let site: Express;
let staticDir: string;
const WEB_PAGE = '<!doctype html><html><head><title>Pitlane</title></head><body><div id="root"></div></body></html>';
const CONSOLE_PAGE = '<!doctype html><html><head><title>Pitlane Admin</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  t = await startTestApp();
  // The two front ends as the build lays them out, served by the same process as the API.
  staticDir = await mkdtemp(path.join(tmpdir(), 'pitlane-pages-'));
  await mkdir(path.join(staticDir, 'web', 'assets'), { recursive: true });
  await mkdir(path.join(staticDir, 'admin'), { recursive: true });
  await writeFile(path.join(staticDir, 'web', 'index.html'), WEB_PAGE);
  await writeFile(path.join(staticDir, 'web', 'assets', 'index.js'), 'console.log(1);');
  await writeFile(path.join(staticDir, 'admin', 'index.html'), CONSOLE_PAGE);
  site = createApp({ container: t.rt.container, modules, readiness: { database: true, worker: true }, staticDir });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe("the web app's pages", () => {
  it('answer 404 with the app (its not-found screen) for a path no page has', async () => {
    for (const pathname of ['/no-such-page', '/parts', '/parts/abc/photos', '/auctions/1/2/3']) {
      const res = await supertest(site).get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(WEB_PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    await supertest(site).head('/no-such-page').expect(404);
  });

  it('answer 200 for the pages the router knows, with their parameters, query and a trailing slash', async () => {
    for (const pathname of ['/', '/parts/7f8c2a4e-0000-4000-8000-000000000001', '/auctions', '/auctions/42', '/auctions/42/second-chance', '/FAQ', '/search/?q=carburettor', '/my-listings/9/edit']) {
      const res = await supertest(site).get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.text).toBe(WEB_PAGE);
    }
  });

  it('leave the files, the console and the API as they were', async () => {
    await supertest(site).get('/assets/index.js').expect(200);
    const console = await supertest(site).get('/admin/users/42/show').expect(200);
    expect(console.text).toBe(CONSOLE_PAGE);
    const api = await supertest(site).get('/api/no-such-thing').expect(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
