import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import {
  adminSession,
  apiSession,
  callOk,
  registerVerified,
  signIn,
  uploadPhoto,
  type SignedInUser,
} from './helpers.js';

/** Issue 20, My Garage: add a vehicle, see "Fits your ..." in search, save a search, get notified of a match. */

const browser = useBrowser();
let seller: SignedInUser;
let fitsPartId = '';

const owner = { username: 'e2e_garage_owner', email: 'e2e-garage-owner@example.com', firstName: 'Carroll', lastName: 'Shelby' };
const dealer = { username: 'e2e_garage_dealer', email: 'e2e-garage-dealer@example.com', firstName: 'Lee', lastName: 'Iacocca' };
const VEHICLE = 'Wimbledon White Mustang';
/** Words no other journey's listings use, so the searches find only these parts. */
const FITS_TITLE = 'Zorblex 289 valve cover pair';
const UNLISTED_TITLE = 'Zorblex universal oil catch can';
const MATCH_TITLE = 'Quizzard Holley carburetor 4160';

interface PartBody {
  title: string;
  vehicleCompatibility?: Array<{ make: string; model: string; yearStart: number; yearEnd: number }>;
}

/** A part of the dealer, visible to buyers (approved by the admin when the dealer's listings need review). */
async function listPart(body: PartBody): Promise<string> {
  const url = await uploadPhoto(seller.cookie);
  const created = await callOk<{ id: string; isApproved: boolean }>(seller.cookie, 'POST', '/api/parts', {
    description: `${body.title}, checked and ready to fit.`,
    price: '349.00',
    category: 'engine',
    make: 'ford',
    condition: 'used-excellent',
    location: 'Dearborn, MI',
    images: [{ url, altText: `${body.title} photo`, isPrimary: true }],
    ...body,
  });
  if (!created.isApproved) {
    const admin = await adminSession();
    await callOk(admin.cookie, 'PATCH', `/api/parts/${created.id}/approve`, {});
  }
  return created.id;
}

/** Opens the garage and waits for its vehicles to load. */
async function openGarage(page: Page, query = '') {
  await page.goto(`/garage${query}`);
  await expect.poll(() => page.getByRole('heading', { name: 'My Vehicles' }).isVisible(), { timeout: 15_000 }).toBe(true);
}

beforeAll(async () => {
  await registerVerified(owner);
  seller = await registerApprovedSeller(dealer, {
    businessName: 'Iacocca Pony Parts',
    businessType: 'dealership',
    contactPhone: '(313) 555-0164',
    businessAddress: '1 American Road',
    businessCity: 'Dearborn',
    businessState: 'MI',
    businessZip: '48126',
    description: 'First-generation Mustang parts',
    specialties: ['Ford'],
  });
  fitsPartId = await listPart({ title: FITS_TITLE, vehicleCompatibility: [{ make: 'Ford', model: 'Mustang', yearStart: 1965, yearEnd: 1968 }] });
  await listPart({ title: UNLISTED_TITLE });
}, 120_000);

describe('My Garage (issue 20)', () => {
  it('asks signed-out visitors to sign in', async () => {
    const page = await browser.newPage();
    await page.goto('/garage');
    await expect.poll(() => page.getByText('Please sign in to access this feature.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'My Garage', level: 1 }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('adds a vehicle from the dialog, showing the server field errors first', async () => {
    const page = await browser.newPage();
    await signIn(page, owner.username);
    await openGarage(page);
    await expect.poll(() => page.getByText('No vehicles in your garage yet').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Vehicle', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Vehicle name').fill(VEHICLE);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Make' }).isEnabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Make' }).selectOption('ford');
    await dialog.getByLabel('Model').fill('Mustang');
    // Years out of order: the server's message shows under "Year to".
    await dialog.getByLabel('Year from').fill('1968');
    await dialog.getByLabel('Year to').fill('1965');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect.poll(() => dialog.getByText('End year must be the same as or after the start year').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Year to').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('toast').getByText('Failed to add vehicle').isVisible()).toBe(true);

    await dialog.getByLabel('Year from').fill('1966');
    await dialog.getByLabel('Year to').fill('1967');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect.poll(() => page.getByTestId('toast').getByText('Vehicle added').isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const card = page.getByTestId('vehicle-card').filter({ hasText: VEHICLE });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('1966-1967').isVisible()).toBe(true);
    // The quick stats count it.
    const stats = page.getByRole('region', { name: 'Quick stats' });
    await expect.poll(() => stats.getByTestId('stat-vehicles').textContent()).toBe('1');
    await page.context().close();
  }, 90_000);

  it('marks search results that fit the vehicle, and filters to them with the vehicle picker', async () => {
    const page = await browser.newPage();
    await signIn(page, owner.username);
    await page.goto('/search?q=zorblex');
    const fits = page.getByRole('article').filter({ hasText: FITS_TITLE });
    const unlisted = page.getByRole('article').filter({ hasText: UNLISTED_TITLE });
    await expect.poll(() => fits.getByText(`Fits your ${VEHICLE}`).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => unlisted.getByText('Check fitment').isVisible()).toBe(true);

    const picker = page.getByRole('combobox', { name: 'Parts that fit' });
    await expect.poll(() => picker.isVisible()).toBe(true);
    await picker.selectOption({ label: VEHICLE });
    await page.waitForURL(/fitsVehicle=/);
    await expect.poll(() => page.getByRole('article').filter({ hasText: UNLISTED_TITLE }).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByRole('article').filter({ hasText: FITS_TITLE }).isVisible()).toBe(true);

    // The part page says which of the garage's vehicles it fits.
    await page.getByRole('link', { name: FITS_TITLE }).first().click();
    await page.waitForURL(/\/parts\//);
    await expect.poll(() => page.getByTestId('part-fitment').getByText(`Fits your ${VEHICLE}`).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 90_000);

  it('saves a search as a daily alert and lists it in the garage', async () => {
    const page = await browser.newPage();
    await signIn(page, owner.username);
    await page.goto('/search?q=quizzard%20holley&make=ford');
    await expect.poll(() => page.getByText(/\d+ parts? found/).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Alert name').fill('Quizzard carbs');
    await dialog.getByRole('radio', { name: /Daily digest/ }).check();
    await dialog.getByRole('button', { name: 'Save Search' }).click();
    await expect.poll(() => page.getByTestId('toast').getByText('Alert created').isVisible()).toBe(true);

    await dialog.getByRole('link', { name: 'View in My Garage' }).click();
    await page.waitForURL(/\/garage\?tab=alerts/);
    const row = page.getByTestId('alert-row').filter({ hasText: 'Quizzard carbs' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.getByRole('combobox', { name: 'Email' }).inputValue()).toBe('daily');

    const session = await apiSession(owner.username);
    const alerts = await callOk<Array<{ alertName: string; make: string | null; keywords: string[]; frequency: string }>>(
      session.cookie,
      'GET',
      '/api/alerts/me',
    );
    expect(alerts.find((a) => a.alertName === 'Quizzard carbs')).toMatchObject({ make: 'ford', keywords: ['quizzard', 'holley'], frequency: 'daily' });

    // Paused from its row, with a toast.
    await row.getByRole('button', { name: 'Pause Quizzard carbs' }).click();
    await expect.poll(() => row.getByText('Paused', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Resume Quizzard carbs' }).click();
    await expect.poll(() => row.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  }, 90_000);

  it('tells the owner in the garage when a part matching the saved search is approved', async () => {
    const partId = await listPart({ title: MATCH_TITLE });
    const session = await apiSession(owner.username);
    let title = '';
    await expect
      .poll(
        async () => {
          const feed = await callOk<Array<{ title: string; relatedItemId: string | null }>>(session.cookie, 'GET', '/api/notifications/me?limit=20');
          title = feed.find((n) => n.relatedItemId === partId)?.title ?? '';
          return title !== '';
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    const page = await browser.newPage();
    await signIn(page, owner.username);
    await openGarage(page);
    const notices = page.getByRole('region', { name: 'Recent Notifications' });
    const notice = notices.getByRole('button').filter({ hasText: title });
    await expect.poll(() => notice.first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.first().textContent()).toContain('(unread)');
    // Clicking it marks it read and opens the part.
    await notice.first().click();
    await page.waitForURL(new RegExp(`/parts/${partId}`), { timeout: 15_000 });
    await expect
      .poll(async () => {
        const feed = await callOk<Array<{ relatedItemId: string | null; isRead: boolean }>>(session.cookie, 'GET', '/api/notifications/me?limit=20');
        return feed.find((n) => n.relatedItemId === partId)?.isRead;
      })
      .toBe(true);
    await page.context().close();
  }, 90_000);

  it("changes a watched part's price alert in the Market Watch tab, refusing a bad value first", async () => {
    const session = await apiSession(owner.username);
    await callOk(session.cookie, 'POST', '/api/market-watch', { partId: fitsPartId, priceAlertThreshold: 5 });
    const page = await browser.newPage();
    await signIn(page, owner.username);
    await openGarage(page);
    await page.getByRole('tab', { name: 'Market Watch' }).click();
    const row = page.getByRole('listitem').filter({ hasText: FITS_TITLE });
    await expect.poll(() => row.getByText('Alert at a 5% move').isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: `Edit Alert ${FITS_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Price Alert' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const field = dialog.getByLabel('Notify me when the price moves by (%)');
    await field.fill('0');
    await dialog.getByRole('button', { name: 'Save Alert' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await field.fill('7.5');
    await dialog.getByRole('button', { name: 'Save Alert' }).click();
    await expect.poll(() => page.getByTestId('toast').getByText('Watch item updated').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Alert at a 7.5% move').isVisible()).toBe(true);
    await page.context().close();
  }, 90_000);
});
