import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { apiSession, callOk, createListedPart, registerVerified, signIn } from './helpers.js';

/**
 * Phones: no page scrolls sideways. The header's right-hand buttons once made every signed-in page 430 px wide
 * on a 390 px phone; below md the header keeps icon buttons only and its other links live in the menu drawer.
 */

const browser = useBrowser();
let partId = '';

const buyer = { username: 'e2e_mobile_buyer', email: 'e2e-mobile-buyer@example.com', firstName: 'Jacqueline', lastName: 'Evans de Lopez' };
const seller = { username: 'e2e_mobile_seller', email: 'e2e-mobile-seller@example.com', firstName: 'Ken', lastName: 'Miles' };

/** Opens `path` and waits until it has settled: the network idle and no loading state (aria-busy) left. */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

/** How far the page reaches past the viewport's right edge, in px (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    // Runs in the page (the e2e files have no DOM types).
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

const pages = () => ['/', '/search?q=brake%20caliper', `/parts/${partId}`, '/garage'];

beforeAll(async () => {
  await registerVerified(buyer);
  const sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Miles Shelby Spares',
    businessType: 'individual',
    contactPhone: '(310) 555-0166',
    businessAddress: '3 Venice Way',
    businessCity: 'Venice',
    businessState: 'CA',
    businessZip: '90291',
    description: 'GT40 and Cobra spares',
    specialties: ['Ford'],
  });
  partId = await createListedPart(sellerUser, {
    title: 'Girling brake caliper pair for a Cobra 289',
    description: 'Rebuilt calipers with new seals, pistons and bleed nipples.',
    price: '640.00',
    category: 'brakes',
    make: 'ford',
    condition: 'rebuilt',
    location: 'Venice, CA',
    partNumber: 'GIR-16P',
  });
  // A vehicle, so the garage shows its cards and search results their fitment badges.
  await callOk((await apiSession(buyer.username)).cookie, 'POST', '/api/garage', {
    vehicleName: 'Guardsman Blue Cobra 289 street car',
    make: 'ford',
    model: 'Cobra',
    yearStart: 1963,
    yearEnd: 1965,
  });
}, 120_000);

describe('on a phone (no sideways scrolling)', () => {
  for (const width of [390, 360]) {
    it(`fits a signed-in user's pages in ${width} px`, async () => {
      const page = await browser.newPage({ width, height: 844 });
      await signIn(page, buyer.username);
      const wide: string[] = [];
      for (const path of pages()) {
        await settle(page, path);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${path}: ${extra} px too wide`);
      }
      expect(wide).toEqual([]);
      await page.context().close();
    }, 90_000);
  }

  it("fits a visitor's pages in 390 px", async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const wide: string[] = [];
    for (const path of ['/', '/search?q=brake%20caliper', `/parts/${partId}`]) {
      await settle(page, path);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path}: ${extra} px too wide`);
    }
    expect(wide).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('keeps the header to icon buttons and offers the rest in the menu drawer', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, buyer.username);
    const header = page.locator('header');
    await expect.poll(() => header.getByRole('link', { name: 'Favorites' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await header.getByTestId('notification-bell').isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'List Your Parts' }).isVisible()).toBe(false);
    expect(await header.getByTestId('user-menu').isVisible()).toBe(false);

    await header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const nav = drawer.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Browse', 'Sell', 'Auctions', 'Wanted', 'Messages', 'Garage', 'Orders', 'My Offers', 'Returns', 'Account Settings']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await drawer.getByRole('link', { name: 'Favorites' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Sign Out' }).isVisible()).toBe(true);

    await nav.getByRole('link', { name: 'Garage', exact: true }).click();
    await page.waitForURL(/\/garage$/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { name: 'My Vehicles' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 60_000);
});
