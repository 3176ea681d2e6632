import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { admin, apiSession, callOk, createListedPart, pollUntil, registerVerified, signIn, type SignedInUser } from './helpers.js';

/**
 * Issue 23, when the order of an accepted offer is cancelled: the buyer sees the offer cancelled with the reason, the
 * part takes a new offer, and an admin finds the offer in the console's read-only Offers resource with its history.
 */

const browser = useBrowser();

const seller = { username: 'e2e_offcan_seller', email: 'e2e-offcan-seller@example.com', firstName: 'Masten', lastName: 'Gregory' };
const buyer = { username: 'e2e_offcan_buyer', email: 'e2e-offcan-buyer@example.com', firstName: 'Richie', lastName: 'Ginther' };
const PART_TITLE = 'Ferrari 250 GT Borrani wire wheel, 16 inch';

let sellerUser: SignedInUser;
let buyerUser: SignedInUser;
let partId = '';
let offerId = '';

beforeAll(async () => {
  await registerVerified(buyer);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Gregory Wheels',
    businessType: 'business',
    contactPhone: '(816) 555-0250',
    businessAddress: '250 Testa Rossa Ave',
    businessCity: 'Kansas City',
    businessState: 'MO',
    businessZip: '64105',
    specialties: ['Ferrari'],
  });
  buyerUser = await apiSession(buyer.username);
  partId = await createListedPart(sellerUser, {
    title: PART_TITLE,
    description: 'One Borrani RW 3591 wire wheel, trued and re-laced, original hub.',
    price: '2600.00',
    category: 'wheels',
    make: 'ferrari',
    condition: 'used-good',
    location: 'Kansas City, MO',
  });
  // The buyer offers, the seller accepts (an order waiting for payment), then the buyer cancels that order.
  offerId = (await callOk<{ id: string }>(buyerUser.cookie, 'POST', `/api/parts/${partId}/offers`, { amount: '2300.00' })).id;
  const accepted = await callOk<{ orderId: string }>(sellerUser.cookie, 'POST', `/api/offers/${offerId}/accept`);
  await callOk(buyerUser.cookie, 'POST', `/api/orders/${accepted.orderId}/cancel`, { reason: 'Bought a set of four elsewhere' });
  await pollUntil(
    'the offer to be cancelled by the worker',
    async () => (await callOk<{ status: string }>(buyerUser.cookie, 'GET', `/api/offers/${offerId}`)).status === 'cancelled',
    30_000,
  );
}, 150_000);

describe('an accepted offer whose order is cancelled', () => {
  it('shows as cancelled to the buyer, and the part takes a new offer', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/offers/${offerId}`);
    const card = page.getByTestId('offer-card');
    await expect.poll(() => card.getByTestId('offer-status').textContent(), { timeout: 15_000 }).toBe('Cancelled');
    expect(await card.getByTestId('offer-cancelled').textContent()).toContain('You cancelled the order.');
    expect(await card.getByRole('link', { name: 'Pay now' }).count()).toBe(0);

    await page.goto(`/parts/${partId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: PART_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Make an Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an Offer' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Your offer (USD)').fill('2350');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const mine = page.getByRole('list', { name: 'Your offers on this part' });
    await expect.poll(() => mine.getByText('Your offer: $2,350.00').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 120_000);

  it('is in the console with its state and history', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin');
    const menuLink = page.getByRole('menuitem', { name: 'Offers', exact: true });
    await expect.poll(() => menuLink.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuLink.click();
    await page.waitForURL(/\/admin\/offers/);
    const row = page.getByRole('row').filter({ hasText: PART_TITLE }).filter({ hasText: 'Cancelled: by the buyer' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByText(PART_TITLE).click();
    await page.waitForURL(`**/admin/offers/${offerId}/show`);
    await expect.poll(() => page.getByRole('heading', { name: 'History' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Order cancelled by Pitlane').isVisible()).toBe(true);
    expect(await page.getByText('“The order was cancelled by the buyer”').isVisible()).toBe(true);
    expect(await page.getByText(`Offered by the buyer (${buyer.username}) · $2,300.00`).isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);
});
