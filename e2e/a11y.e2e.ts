import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { admin, apiSession, callOk, createListedPart, signIn } from './helpers.js';

// axe-core's browser build, evaluated in each page through the DevTools protocol: a script tag would be an
// inline script, which the app's Content-Security-Policy rightly refuses.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The accessibility rules (WCAG 2 A and AA, and axe's best practices) that the page breaks, one line each. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      document: unknown;
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
    };
    return (await scope.axe.run(scope.document, { resultTypes: ['violations'] })).violations;
  });
  return (found as Result[]).map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

/**
 * Opens each path and lists the rules it breaks, prefixed by the path, once the page has settled: the network
 * idle and no `loading` element (skeletons, spinners) left.
 */
async function scan(page: Page, paths: readonly string[], loading: (page: Page) => Locator): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => loading(page).count(), { timeout: 15_000 }).toBe(0);
    found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
  }
  return found;
}

/** The web app's loading states carry aria-busy. */
const busy = (page: Page) => page.locator('[aria-busy="true"]');

const VIEWPORTS = [
  ['a desktop browser', { width: 1280, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
] as const;

const seller = { username: 'a11y_seller', email: 'a11y-seller@example.com', firstName: 'Maria', lastName: 'Teresa' };
const browser = useBrowser();
let partId = '';

beforeAll(async () => {
  const sellerUser = await registerApprovedSeller(seller, {
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
  partId = await createListedPart(sellerUser, {
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

// The pages a visitor reaches without signing in, with a listing in the catalog.
const publicPages = () => ['/', '/search?q=water%20pump', '/search?category=engine', `/parts/${partId}`, '/sell', '/login', '/register-buyer', '/faq', '/buyer-protection', '/seller-guidelines', '/contact', '/auctions', '/cookie-policy', '/sitemap', '/no/such/page'];

describe.each(VIEWPORTS)('the public pages, in %s', (_name, viewport) => {
  it('break no automated accessibility rule (axe-core)', async () => {
    const page = await browser.newPage(viewport);
    expect(await scan(page, publicPages(), busy)).toEqual([]);
    await page.context().close();
  }, 120_000);
});

// The pages of a signed-in seller who watches a part.
const SELLER_PAGES = ['/watchlist', '/sell', '/seller-dashboard', '/schedule-auction', '/schedule-auction?tab=reverse', '/register-seller', '/contact', '/garage'];

describe.each(VIEWPORTS)("a signed-in seller's pages, in %s", (_name, viewport) => {
  it('break no automated accessibility rule (axe-core)', async () => {
    await callOk((await apiSession(seller.username)).cookie, 'POST', '/api/watchlist', { partId });
    const page = await browser.newPage(viewport);
    await signIn(page, seller.username);
    const found = await scan(page, SELLER_PAGES, busy);
    // The listing form itself, behind the sell page's first choice.
    await page.goto('/sell');
    await page.getByRole('button', { name: /Marketplace Listing/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'List Part' }).isVisible(), { timeout: 15_000 }).toBe(true);
    found.push(...(await violations(page)).map((v) => `/sell (form): ${v}`));
    expect(found).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('the admin console', () => {
  it('breaks no automated accessibility rule (axe-core)', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    // react-admin shows progress bars while it loads.
    expect(await scan(page, ['/admin', '/admin/parts', '/admin/sellers', '/admin/users'], (p) => p.getByRole('progressbar'))).toEqual([]);
    // The account menu is named after the admin it shows, and still offers Logout.
    await page.getByRole('button', { name: /^Admin .*: account menu$/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);
});
