import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.js';
import { baseUrl, PASSWORD, registerVerified } from './helpers.js';

// Issue 31: the page a sign-in returns to is a path of this site only, whatever Chromium would make of it.
const browser = useBrowser();
const user = { username: 'return_rita', email: 'return.rita@example.com', firstName: 'Rita', lastName: 'Return' };

async function signInFrom(page: Page, loginUrl: string) {
  await page.goto(loginUrl);
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
}

describe('the return address after sign-in', () => {
  it('goes home, on this site, for a returnTo that a browser would read as another host', async () => {
    await registerVerified(user);
    // "/<tab>/evil.example": Chromium drops the tab from an address, which leaves "//evil.example".
    for (const evil of ['/%09/evil.example', '/%0A/evil.example', '/%5Cevil.example', '//evil.example']) {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await signInFrom(page, `/login?returnTo=${evil}`);
      await page.waitForURL(`${baseUrl}/`);
      expect(new URL(page.url()).origin, evil).toBe(baseUrl);
      expect(requested.filter((url) => url.includes('evil.example') && !url.startsWith(baseUrl)), evil).toEqual([]);
      await page.context().close();
    }
  });

  it('still returns to a page of this site, and /api/login drops a foreign one', async () => {
    const page = await browser.newPage();
    await signInFrom(page, `/login?returnTo=${encodeURIComponent('/watchlist')}`);
    await page.waitForURL(`${baseUrl}/watchlist`);
    await page.context().close();

    const redirected = await fetch(`${baseUrl}/api/login?returnTo=/%09/evil.example`, { redirect: 'manual' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/login');
  });
});
