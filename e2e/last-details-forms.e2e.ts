import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.js';
import { admin, baseUrl, PASSWORD, signIn } from './helpers.js';

/**
 * Issue 34's last details: the console's way home, its names and its width, the Demo Data tab's failure text, the
 * footer's Privacy, Cookie and Sitemap pages, and the sign-in page's "Resend verification link".
 */
const browser = useBrowser();

/** Whether the page scrolls sideways (wider content than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page; the e2e files compile without the DOM's types.
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

describe('the console (issue 34)', () => {
  it("links home from the app bar, names the spec's tabs, and fits a 1280 px window", async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin');
    const home = page.getByRole('banner').getByRole('link', { name: 'Back to Pitlane' });
    await expect.poll(() => home.isVisible(), { timeout: 15_000 }).toBe(true);

    // The spec's tab names in the menu.
    expect(await page.getByRole('menuitem', { name: 'Badge Mgmt' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Featured Manager' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Badges', exact: true }).count()).toBe(0);

    // The widest lists scroll inside their card, never the whole page.
    for (const [path, heading] of [
      ['/admin/active-listings', 'Active Listings Analysis'],
      ['/admin/seller-analytics', null],
      ['/admin/badges', 'Badge Management'],
      ['/admin/policy-acceptances', null],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.locator('.RaList-main').first().isVisible(), { timeout: 15_000 }).toBe(true);
      if (heading) await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      await page.waitForTimeout(500);
      expect(await overflowsSideways(page), path).toBe(false);
      // The link home stays on screen on every page.
      const box = await home.boundingBox();
      expect(box && box.x + box.width <= 1280, path).toBe(true);
    }

    await home.click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Sell', exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 120_000);

  it('keeps the link home on a phone, as an icon with its name', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin');
    const home = page.getByRole('banner').getByRole('link', { name: 'Back to Pitlane' });
    await expect.poll(() => home.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await home.getAttribute('href')).toBe('/');
    expect(await overflowsSideways(page)).toBe(false);
    await page.context().close();
  }, 60_000);

  it("says the spec's \"Failed to fetch house account parts\" when the Demo Data tab cannot fetch them", async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.route(/\/api\/parts\?sellerId=house-account-user/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is not answering' }) }),
    );
    await page.goto('/admin/demo-data');
    // The console's queries retry a failed call three times first.
    await expect.poll(() => page.getByText('Failed to fetch house account parts').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText('No demo parts yet', { exact: false }).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});

describe("the footer's Privacy, Cookie and Sitemap links (issue 34)", () => {
  it('open real pages: the privacy policy, the cookie policy and a sitemap of the main pages', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const bottom = page.getByRole('contentinfo');
    await bottom.getByRole('link', { name: 'Cookie', exact: true }).click();
    await page.waitForURL(`${baseUrl}/cookie-policy`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Coming soon').count()).toBe(0);

    await bottom.getByRole('link', { name: 'Sitemap', exact: true }).click();
    await page.waitForURL(`${baseUrl}/sitemap`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Sitemap' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const shop = page.getByRole('navigation', { name: 'Shop' });
    expect(await shop.getByRole('link', { name: 'Browse Parts' }).getAttribute('href')).toBe('/search');
    // Every link of the sitemap opens a page the server knows.
    const hrefs = await page.locator('main nav a').evaluateAll((links) => links.map((a) => (a as unknown as { getAttribute: (n: string) => string }).getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(20);
    for (const href of hrefs) expect((await fetch(new URL(href, baseUrl))).status, href).toBe(200);
    await page.getByRole('link', { name: 'Wanted Parts (Reverse Auctions)' }).click();
    await page.waitForURL(`${baseUrl}/reverse-auctions`);

    await bottom.getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL(`${baseUrl}/privacy-policy`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 60_000);

  it('lists every cookie the site sets for a signed-in user', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    const names = (await page.context().cookies(baseUrl)).map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    await page.goto('/cookie-policy');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const text = (await page.getByRole('article').textContent()) ?? '';
    for (const name of names) expect(text, name).toContain(name);
    expect(text).toContain('Stripe');
    await page.context().close();
  }, 60_000);
});

describe('resending the verification link (issue 34)', () => {
  it('is offered on the sign-in page, and at once when a sign-in is refused for an unverified email', async () => {
    const user = { username: 'e2e_unverified', email: 'e2e-unverified@example.com', firstName: 'Juan', lastName: 'Fangio' };
    const registered = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, password: PASSWORD, country: 'USA' }),
    });
    expect(registered.status).toBe(201);

    const page = await browser.newPage();
    await page.goto('/login');
    // Closed at first, behind its button.
    const open = page.getByRole('button', { name: 'Resend verification link' });
    await expect.poll(() => open.isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Please verify your email address before signing in.', { exact: false }).isVisible()).toBe(true);

    // The refusal opens the resend form with the name just typed.
    const resend = page.getByRole('form', { name: 'Resend verification link' });
    await expect.poll(() => resend.isVisible()).toBe(true);
    expect(await resend.getByLabel('Email or username').inputValue()).toBe(user.username);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/resend-verification') && r.method() === 'POST');
    await resend.getByRole('button', { name: 'Send Verification Link' }).click();
    expect((await sent).postDataJSON()).toEqual({ username: user.username });
    await expect
      .poll(() => resend.getByRole('status').textContent())
      .toBe('If that account is waiting for verification, we have sent a new link. Check your inbox and spam folder.');
    await page.context().close();
  }, 60_000);
});
