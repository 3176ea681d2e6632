import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('signing out', () => {
  it('signs out at once on a navigation from our own pages or the address bar, and sends the browser home', async () => {
    for (const site of ['same-origin', 'none']) {
      const { agent } = await signedInBuyer(t, { username: `leaver_${site.replace('-', '_')}`, email: `leaver.${site}@example.com` });
      const res = await agent.get('/api/logout').set('Sec-Fetch-Site', site).expect(302);
      expect(res.headers.location).toBe('/');
      expect(String(res.headers['set-cookie'])).toMatch(/pitlane\.sid=;/);
      await agent.get('/api/auth/user').expect(401);
    }
  });

  it('answers a link from another site with a page whose button posts, and stays signed in', async () => {
    const { agent } = await signedInBuyer(t, { username: 'linked_away', email: 'linked.away@example.com' });
    for (const site of ['cross-site', 'same-site', undefined]) {
      const request = agent.get('/api/logout');
      if (site) request.set('Sec-Fetch-Site', site);
      const page = await request.expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<form method="post" action="/api/logout">');
      expect(page.text).not.toContain('<script');
      await agent.get('/api/auth/user').expect(200);
    }
  });

  it('signs out with POST /api/logout from our own page (the form, or the web app) and sends the browser home', async () => {
    const { agent } = await signedInBuyer(t, { username: 'poster', email: 'poster@example.com' });
    // What a browser sends for the sign-out page's form: an empty urlencoded body from our own origin.
    const res = await agent
      .post('/api/logout')
      .set('Origin', 'http://pitlane.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .expect(303);
    expect(res.headers.location).toBe('/');
    await agent.get('/api/auth/user').expect(401);
  });

  it('refuses a sign-out posted from another site', async () => {
    const { agent } = await signedInBuyer(t, { username: 'targeted', email: 'targeted@example.com' });
    await agent.post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await agent.post('/api/logout').set('Origin', 'https://evil.example').expect(403);
    await agent.get('/api/auth/user').expect(200);
  });

  it('still signs the console out with POST /api/auth/logout', async () => {
    const { agent } = await signedInBuyer(t, { username: 'console_leaver', email: 'console.leaver@example.com' });
    await agent.post('/api/auth/logout').expect(200, { signedOut: true });
    await agent.get('/api/auth/user').expect(401);
  });
});
