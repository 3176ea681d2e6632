import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { admin, adminSession, call, callOk, createListedPart, signIn, type SignedInUser } from './helpers.js';

/** Featured placements (issue 21): an admin books a home page slot from the console's grid; a category page shows its featured block. */
const browser = useBrowser();
let adminUser: SignedInUser;

const seller = { username: 'e2e_featured_seller', email: 'e2e-featured-seller@example.com', firstName: 'Zora', lastName: 'Arkus' };
// Sorted first among the approved sellers, so the form's seller list (the first 100 by name) holds it.
const BUSINESS = 'Aardvark Featured Carburettors';
const HOME_TITLE = 'Holley 4150 double pumper, featured';
const CATEGORY_TITLE = 'Weber 45 DCOE pair, featured';

let homePartId = '';
let categoryPartId = '';

interface Placement {
  id: string;
  position: number;
  status: string;
}

beforeAll(async () => {
  adminUser = await adminSession();
  const sellerUser = await registerApprovedSeller(seller, {
    businessName: BUSINESS,
    businessType: 'business',
    contactPhone: '(248) 555-0145',
    businessAddress: '4150 Telegraph Rd',
    businessCity: 'Bloomfield Hills',
    businessState: 'MI',
    businessZip: '48302',
    specialties: ['Intake'],
  });
  const part = { description: 'Rebuilt and flow-tested, with the original linkage.', price: '650.00', category: 'intake', make: 'ford', condition: 'rebuilt', location: 'Bloomfield Hills, MI' };
  homePartId = await createListedPart(sellerUser, { ...part, title: HOME_TITLE });
  categoryPartId = await createListedPart(sellerUser, { ...part, title: CATEGORY_TITLE });

  // Free the home page's last slot for the journey (other journeys' demo data may hold every slot).
  const taken = await callOk<Placement[]>(
    adminUser.cookie,
    'GET',
    `/api/admin/featured-listings?${new URLSearchParams({ filter: JSON.stringify({ placementType: 'homepage', status: ['active', 'upcoming'], isActive: true }), range: '[0,99]' })}`,
  );
  for (const p of taken.filter((p) => p.position === 12)) await callOk(adminUser.cookie, 'DELETE', `/api/admin/featured-listings/${p.id}`);
}, 120_000);

describe('featured placements (issue 21)', () => {
  it('an admin books a home page slot from the Featured Manager grid, and the home page shows it', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin');
    const menuLink = page.getByRole('menuitem', { name: 'Featured Manager', exact: true });
    await expect.poll(() => menuLink.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuLink.click();
    await page.waitForURL(/\/admin\/featured-listings/);

    const home = page.getByTestId('featured-grid-homepage');
    const free = home.getByText(/^Available Slot \d+$/).first();
    await expect.poll(() => free.isVisible(), { timeout: 15_000 }).toBe(true);
    const position = Number(((await free.textContent()) ?? '').replace(/\D/g, ''));
    await free.click();
    await page.waitForURL(/\/admin\/featured-listings\/create\?/);

    // Version 1: the seller first, then one of their parts; the slot's page and position come from the grid.
    await page.getByRole('combobox', { name: 'Seller' }).click();
    await page.getByRole('option', { name: BUSINESS }).click();
    const partInput = page.getByRole('combobox', { name: /^Part/ });
    await expect.poll(() => partInput.isVisible(), { timeout: 15_000 }).toBe(true);
    await partInput.fill('Holley 4150');
    await page.getByRole('option', { name: HOME_TITLE }).click();
    await expect.poll(() => page.getByRole('combobox', { name: /^Position/ }).textContent()).toContain(`Position ${position}`);
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.poll(() => page.getByText('Success: featured listing created').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(/\/admin\/featured-listings$/);
    const slot = page.getByTestId('featured-grid-homepage').getByTestId(`featured-slot-${position}`);
    await expect.poll(() => slot.getByText(HOME_TITLE).isVisible(), { timeout: 15_000 }).toBe(true);

    const booked = await callOk<Array<{ partId: string; position: number; createdBy: string; price: string }>>(
      adminUser.cookie,
      'GET',
      `/api/admin/featured-listings?${new URLSearchParams({ filter: JSON.stringify({ partId: homePartId }) })}`,
    );
    expect(booked).toEqual([expect.objectContaining({ position, createdBy: adminUser.id, price: '100.00' })]);

    // The home page: the Featured Listings block with the part, linking to its page.
    await page.goto('/');
    const block = page.getByTestId('featured-listings');
    await expect.poll(() => block.getByRole('heading', { name: 'Featured Listings' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const card = block.getByRole('link', { name: HOME_TITLE }).first();
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await block.getByRole('link', { name: 'Browse All Parts' }).getAttribute('href')).toBe('/search');
    await card.click();
    await page.waitForURL(`**/parts/${homePartId}`);
    await page.context().close();
  }, 120_000);

  it("a category page shows its featured block with the category's placements", async () => {
    const categories = await callOk<Array<{ id: string; name: string; slug: string }>>(adminUser.cookie, 'GET', '/api/categories');
    const intake = categories.find((c) => c.slug === 'intake')!;
    const now = Date.now();
    let created = false;
    for (let position = 1; position <= 8 && !created; position++) {
      const res = await call(adminUser.cookie, 'POST', '/api/admin/featured-listings', {
        listingType: 'part',
        partId: categoryPartId,
        placementType: 'category',
        categoryId: intake.id,
        position,
        startDate: new Date(now - 60_000).toISOString(),
        endDate: new Date(now + 7 * 24 * 3600_000).toISOString(),
        price: '45.00',
      });
      created = res.status === 201;
      if (!created && res.status !== 409) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
    }
    expect(created).toBe(true);

    const page = await browser.newPage();
    await page.goto('/search?category=intake');
    const heading = page.getByRole('heading', { name: `Featured ${intake.name} Parts` });
    await expect.poll(() => heading.isVisible(), { timeout: 15_000 }).toBe(true);
    const block = page.locator('section', { has: heading });
    await expect.poll(() => block.first().getByRole('link', { name: CATEGORY_TITLE }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The search results mark the featured part.
    const result = page.getByRole('article').filter({ has: page.getByRole('link', { name: CATEGORY_TITLE }) }).filter({ has: page.getByRole('list', { name: 'Badges' }) });
    await expect.poll(() => result.first().getByText('Featured', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 120_000);
});
