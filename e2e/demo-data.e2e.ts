import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.js';
import { admin, adminSession, baseUrl, call, signIn } from './helpers.js';

/**
 * The console's Demo Data tab (issue 24): an admin adds the demo, follows the house account's links, and clears it
 * again, leaving the marketplace as it was (files run one at a time, so no other journey sees the demo).
 */
const browser = useBrowser();

afterAll(async () => {
  // Never leave demo data behind for the journeys that follow, even when this one failed halfway.
  const { cookie } = await adminSession();
  await call(cookie, 'DELETE', '/api/admin/clear-demo');
});

describe('the Demo Data tab (issue 24)', () => {
  it('refuses a non-admin with the spec message', async () => {
    const res = await fetch(new URL('/api/admin/seed-demo', baseUrl), { method: 'POST' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Please sign in as an admin user to manage demo data. Use the Sign In button in the top navigation.',
    );
  });

  it('seeds the demo, links the house account and its parts, and clears it again', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/demo-data');
    await expect.poll(() => page.getByRole('button', { name: 'Add Demo Parts' }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: 'Add Demo Parts' }).click();
    // 300 parts with their photos: the job runs in the server's worker while the tab shows its progress.
    await expect.poll(() => page.getByText(/^Demo Data Seeded/).isVisible(), { timeout: 180_000, interval: 1000 }).toBe(true);
    const parts = page.getByRole('list', { name: 'Current demo parts' }).getByRole('link');
    await expect.poll(() => parts.count(), { timeout: 15_000 }).toBe(6);

    // A demo part's link opens its page in the web app.
    const title = (await parts.first().textContent())!.trim();
    await parts.first().click();
    await page.waitForURL(/\/parts\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The house account's search link shows its parts.
    await page.goto('/admin/demo-data');
    await page.getByRole('link', { name: "Search the house account's parts" }).click();
    await page.waitForURL(/\/search\?sellerId=house-account-user/);
    await expect.poll(() => page.getByText(/parts? found/i).first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto('/admin/demo-data');
    await expect.poll(() => page.getByRole('button', { name: 'Clear Demo Data' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Clear Demo Data' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear Demo Data' }).click();
    await expect.poll(() => page.getByText(/^Demo Data Cleared/).isVisible(), { timeout: 120_000, interval: 1000 }).toBe(true);
    await expect.poll(() => page.getByText('No demo parts yet. Add Demo Parts to create them.').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 300_000);
});
