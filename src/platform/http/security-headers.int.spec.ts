import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { createApp } from './app.js';
import { contentSecurityPolicy } from './security-headers.js';

let t: TestApp;
let site: Express;
let staticDir: string;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  t = await startTestApp();
  // The two front ends as the build lays them out, served by the same process as the API.
  staticDir = await mkdtemp(path.join(tmpdir(), 'pitlane-static-'));
  await mkdir(path.join(staticDir, 'web'), { recursive: true });
  await mkdir(path.join(staticDir, 'admin'), { recursive: true });
  await writeFile(path.join(staticDir, 'web', 'index.html'), page('Pitlane'));
  await writeFile(path.join(staticDir, 'admin', 'index.html'), page('Pitlane Admin'));
  site = createApp({ container: t.rt.container, modules, readiness: { database: true, worker: true }, staticDir });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

const directives = (header: string | undefined) =>
  Object.fromEntries((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

function expectSecurityHeaders(headers: Record<string, string | undefined>) {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  const csp = directives(headers['content-security-policy']);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  // The console's MUI injects <style> tags.
  expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  // Uploaded photos (same origin), icons (data:), upload previews (blob:) and sellers' https photos.
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
}

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    const ok = await supertest(site).get('/api/categories').expect(200);
    expectSecurityHeaders(ok.headers);
    const missing = await supertest(site).get('/api/no/such/route').expect(404);
    expectSecurityHeaders(missing.headers);
  });

  it('are on the web app and the console pages', async () => {
    for (const url of ['/', '/search?q=carb', '/admin/', '/admin/users']) {
      const res = await supertest(site).get(url).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are on the sign-out page that answers a link from another site', async () => {
    const res = await supertest(site).get('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(200);
    expectSecurityHeaders(res.headers);
  });

  it('let the live feed connect to this host, and force https only behind https', () => {
    expect(contentSecurityPolicy('http://pitlane.test')['connect-src']).toEqual(["'self'", 'ws://pitlane.test']);
    expect(contentSecurityPolicy('http://pitlane.test')['upgrade-insecure-requests']).toBeUndefined();
    const secure = contentSecurityPolicy('https://parts.example:8443');
    expect(secure['connect-src']).toEqual(["'self'", 'wss://parts.example:8443']);
    expect(secure['upgrade-insecure-requests']).toEqual([]);
  });

  it('let the checkout load Stripe.js and its frames only when Stripe is configured', () => {
    const plain = contentSecurityPolicy('http://pitlane.test');
    expect(plain['script-src']).toEqual(["'self'"]);
    expect(plain['frame-src']).toBeUndefined();
    const stripe = contentSecurityPolicy('http://pitlane.test', { stripe: true });
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toEqual(["'self'", 'ws://pitlane.test', 'https://api.stripe.com']);
  });
});

describe('the front ends fit the policy', () => {
  it('load no inline script: every script of both index pages has a src', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const { readFile } = await import('node:fs/promises');
    for (const file of ['src/web/index.html', 'src/admin/index.html']) {
      const html = await readFile(path.join(root, file), 'utf8');
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, file).toMatch(/\bsrc=/);
    }
  });
});
