import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { modules } from '../../modules.js';

// Issue 31: answers that depend on the session carry Cache-Control: no-store; public ones keep their caching.
let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
let partId: string;
const PHOTO = '/api/uploads/files/abcdefabcdefabcdefabcdefabcdefab.jpg';

beforeAll(async () => {
  t = await startTestApp();
  for (const module of modules) await module.seed?.(t.rt.container);
  admin = await quickUser(t, 'cache_admin', 'admin');
  buyer = await quickUser(t, 'cache_buyer');
  partId = await partOf(admin, { title: 'Cache test part' });
  await mkdir(t.rt.config.uploadsDir, { recursive: true });
  await writeFile(path.join(t.rt.config.uploadsDir, path.basename(PHOTO)), 'photo bytes');
});
afterAll(async () => t?.close());

describe('Cache-Control of API answers', () => {
  it('marks every answer to a signed-in user no-store, public routes included', async () => {
    for (const url of ['/api/auth/user', '/api/parts', `/api/parts/${partId}`, '/api/watchlist', '/api/orders', '/api/categories']) {
      const res = await buyer.agent.get(url);
      expect(res.status, url).toBeLessThan(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await admin.agent.get('/api/admin/users').expect(200)).headers['cache-control']).toBe('no-store');
  });

  it('marks non-public routes no-store for signed-out clients too, and every write and error', async () => {
    for (const url of ['/api/orders', '/api/watchlist', '/api/admin/users', '/api/no-such-route']) {
      const res = await t.agent().get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.agent().post('/api/auth/login').send({ username: 'cache_buyer', password: 'wrong password' }).expect(401);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.agent().get('/api/parts/not-a-uuid')).headers['cache-control']).toBe('no-store');
  });

  it('leaves the public catalog of signed-out clients cacheable, and photos cached a year for everyone', async () => {
    for (const url of ['/api/parts', `/api/parts/${partId}`, '/api/categories']) {
      const res = await t.agent().get(url).expect(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    for (const agent of [t.agent(), buyer.agent]) {
      const photo = await agent.get(PHOTO).expect(200);
      expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
