import { beforeAll, describe, expect, it } from 'vitest';
import { buyAndPayInTestMode, registerApprovedSeller, useBrowser } from './fixtures.js';
import { apiSession, baseUrl, callOk, createListedPart, photo, registerVerified, signIn, type SignedInUser } from './helpers.js';

/**
 * Issue 23 journey: a buyer requests a return of a delivered order from the order page with a photo, the seller
 * approves it with return instructions from the dashboard's Returns page, and the buyer sees it approved.
 * The order is bought, paid in test mode, shipped and delivered through the API first.
 */

const browser = useBrowser();

const seller = { username: 'e2e_ret_seller', email: 'e2e-ret-seller@example.com', firstName: 'Dan', lastName: 'Gurney' };
const buyer = { username: 'e2e_ret_buyer', email: 'e2e-ret-buyer@example.com', firstName: 'Bruce', lastName: 'McLaren' };
const PART_TITLE = 'Weber 40 DCOE carburettor, rebuilt';
const INSTRUCTIONS = 'Ship it to 1 Eagle Way, Santa Ana CA 92704 in the original box; I will refund on arrival.';

let buyerUser: SignedInUser;
let orderId = '';
let returnId = '';

beforeAll(async () => {
  await registerVerified(buyer);
  const sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Eagle Carburettors',
    businessType: 'business',
    contactPhone: '(714) 555-0140',
    businessAddress: '1 Eagle Way',
    businessCity: 'Santa Ana',
    businessState: 'CA',
    businessZip: '92704',
    specialties: ['Weber', 'Intake'],
  });
  buyerUser = await apiSession(buyer.username);
  const partId = await createListedPart(sellerUser, {
    title: PART_TITLE,
    description: 'A 40 DCOE rebuilt with new spindles and gaskets, jetted for a 1600.',
    price: '480.00',
    category: 'intake',
    make: 'ford',
    condition: 'rebuilt',
    location: 'Santa Ana, CA',
  });
  orderId = await buyAndPayInTestMode(buyerUser, partId, {
    name: 'Bruce McLaren',
    line1: '1 Speedway Blvd',
    city: 'Los Angeles',
    region: 'CA',
    postalCode: '90045',
    country: 'US',
  });
  await callOk(sellerUser.cookie, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456700' });
  await callOk(buyerUser.cookie, 'POST', `/api/orders/${orderId}/confirm-delivery`, {});
}, 120_000);

describe('a return with a photo', () => {
  it('lets the buyer request a return of a delivered order with a photo', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/account/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-state').textContent(), { timeout: 15_000 }).toBe('Delivered');
    await page.getByRole('button', { name: 'Request a return' }).click();

    const form = page.getByRole('form', { name: 'Request a return' });
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByLabel('Not as described').check();
    // A photo is required for this reason: the form says so before sending.
    await form.getByLabel('Details').fill('The float bowl is cracked by the fuel inlet; not in the listing photos.');
    await form.getByRole('button', { name: 'Request Return' }).click();
    await expect.poll(() => form.getByText('Add 1 to 5 photos showing the problem').isVisible()).toBe(true);

    await form.getByTestId('return-photo-input').setInputFiles({
      name: 'crack.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('jpeg', { r: 90, g: 90, b: 90 }),
    });
    await expect.poll(() => form.getByRole('img', { name: 'Return photo 1' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await form.getByRole('button', { name: 'Request Return' }).click();
    await expect.poll(() => page.getByText('Return Requested').first().isVisible(), { timeout: 15_000 }).toBe(true);

    const status = page.getByTestId('order-return-status');
    await expect.poll(() => status.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await status.textContent()).toContain('Return requested');
    await status.getByRole('link', { name: 'View return' }).click();
    await page.waitForURL(/\/account\/returns\/[^/]+$/, { timeout: 15_000 });
    returnId = page.url().split('/').pop()!;
    await expect.poll(() => page.getByTestId('return-state').textContent(), { timeout: 15_000 }).toBe('Requested');
    expect(await page.getByRole('img', { name: "Buyer's photo 1 of the problem" }).isVisible()).toBe(true);
    await page.context().close();
  }, 90_000);

  it('lets the seller approve it with instructions from the dashboard, and the buyer sees it approved', async () => {
    expect(returnId).not.toBe('');
    const page = await browser.newPage();
    await signIn(page, seller.username);
    await page.goto('/seller-dashboard');
    await page.getByRole('link', { name: 'Returns', exact: true }).click();
    await page.waitForURL(`${baseUrl}/my-returns`);
    const row = page.getByRole('link').filter({ hasText: PART_TITLE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.click();
    await page.waitForURL(`**/account/returns/${returnId}`);
    await page.getByLabel('Instructions or reason').fill(INSTRUCTIONS);
    await page.getByRole('button', { name: 'Approve Return' }).click();
    await expect.poll(() => page.getByText('Return Approved').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('return-state').textContent(), { timeout: 15_000 }).toBe('Approved');
    await page.context().close();

    const buyerPage = await browser.newPage();
    await signIn(buyerPage, buyer.username);
    await buyerPage.goto(`/account/returns/${returnId}`);
    await expect.poll(() => buyerPage.getByTestId('return-state').textContent(), { timeout: 15_000 }).toBe('Approved');
    expect(await buyerPage.getByText(INSTRUCTIONS).first().isVisible()).toBe(true);
    const timeline = buyerPage.getByRole('list', { name: 'Return timeline' });
    expect(await timeline.locator('li').count()).toBe(2);
    // The next step is the buyer's: ship it back with a tracking number.
    expect(await buyerPage.getByRole('button', { name: 'Mark Shipped Back' }).isVisible()).toBe(true);
    await buyerPage.context().close();
  }, 90_000);
});
