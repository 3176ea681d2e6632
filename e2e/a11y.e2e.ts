import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { admin, apiSession, baseUrl, callOk, createListedPart, makeApprovedSeller, registerVerified, signIn } from './helpers.js';

// axe-core's browser build, injected into each page (the package's own entry point).
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The accessibility rules (WCAG 2 A and AA, and axe's best practices) that the page breaks, one line each. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const found = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      document: unknown;
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
    };
    return (await scope.axe.run(scope.document, { resultTypes: ['violations'] })).violations;
  });
  return (found as Violation[]).map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

const seller = { username: 'a11y_seller', email: 'a11y-seller@example.com', firstName: 'Maria', lastName: 'Teresa' };
let browser: Browser;
let partId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(seller);
  await makeApprovedSeller(seller.username, {
    businessName: 'Teresa Racing Spares',
    businessType: 'individual',
    contactPhone: '(404) 555-0142',
    businessAddress: '9 Paddock Lane',
    businessCity: 'Macon',
    businessState: 'GA',
    businessZip: '31201',
    description: 'Spares from a retired historic racing team',
    specialties: ['Lotus'],
  });
  partId = await createListedPart(await apiSession(seller.username), {
    title: 'Lotus Twin Cam water pump',
    description: 'Rebuilt with a new seal and bearing.',
    price: '320.00',
    category: 'engine',
    make: 'lotus',
    condition: 'rebuilt',
    location: 'Macon, GA',
    partNumber: 'LTC-0451',
  });
});
afterAll(async () => {
  await browser?.close();
});

// The pages a visitor reaches without signing in, with a listing in the catalog.
const PAGES = ['/', '/search?q=water%20pump', '/search?category=engine', '/parts/{part}', '/sell', '/login', '/register-buyer', '/faq', '/auctions', '/no/such/page'];

describe.each([
  ['a desktop browser', { width: 1280, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
])('the public pages, in %s', (_name, viewport) => {
  it('break no automated accessibility rule (axe-core)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport, timezoneId: 'UTC' });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(path.replace('{part}', partId));
      // The page has rendered its data when the loading skeletons and statuses are gone.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});

// The pages of a signed-in seller who watches a part.
const SELLER_PAGES = ['/watchlist', '/sell', '/seller-dashboard', '/schedule-auction', '/register-seller'];

describe.each([
  ['a desktop browser', { width: 1280, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
])('a signed-in seller\'s pages, in %s', (_name, viewport) => {
  it('break no automated accessibility rule (axe-core)', async () => {
    await callOk((await apiSession(seller.username)).cookie, 'POST', '/api/watchlist', { partId });
    const context = await browser.newContext({ baseURL: baseUrl, viewport, timezoneId: 'UTC' });
    const page = await context.newPage();
    await signIn(page, seller.username);
    const found: string[] = [];
    for (const path of SELLER_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    // The listing form itself, behind the sell page's first choice.
    await page.goto('/sell');
    await page.getByRole('button', { name: /Marketplace Listing/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'List Part' }).isVisible(), { timeout: 15_000 }).toBe(true);
    found.push(...(await violations(page)).map((v) => `/sell (form): ${v}`));
    expect(found).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the admin console', () => {
  it('breaks no automated accessibility rule (axe-core)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    await signIn(page, admin.username, admin.password);
    const found: string[] = [];
    for (const path of ['/admin', '/admin/parts', '/admin/sellers', '/admin/users']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    // The account menu is named after the admin it shows, and still offers Logout.
    await page.getByRole('button', { name: /^Admin .*: account menu$/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    await context.close();
  }, 120_000);
});
