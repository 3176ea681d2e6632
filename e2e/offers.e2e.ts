import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { payInTestMode, registerApprovedSeller, useBrowser } from './fixtures.js';
import { apiSession, baseUrl, callOk, createListedPart, registerVerified, signIn, type SignedInUser } from './helpers.js';

/**
 * Issue 23 journey: a buyer makes an offer on the part page, the seller counters from the dashboard's Offers panel,
 * the buyer accepts the counter on My Offers and pays for the order in test mode.
 */

const browser = useBrowser();

const seller = { username: 'e2e_offer_seller', email: 'e2e-offer-seller@example.com', firstName: 'Briggs', lastName: 'Cunningham' };
const buyer = { username: 'e2e_offer_buyer', email: 'e2e-offer-buyer@example.com', firstName: 'Phil', lastName: 'Hill' };
const PART_TITLE = 'Jaguar XK120 C-type cylinder head, bare';

let sellerUser: SignedInUser;
let partId = '';

interface OfferAnswer {
  id: string;
  status: string;
  amount: string | null;
  orderId: string | null;
}

beforeAll(async () => {
  await registerVerified(buyer);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Cunningham Competition',
    businessType: 'business',
    contactPhone: '(203) 555-0151',
    businessAddress: '12 Le Mans Way',
    businessCity: 'Greenwich',
    businessState: 'CT',
    businessZip: '06830',
    specialties: ['Jaguar'],
  });
  partId = await createListedPart(sellerUser, {
    title: PART_TITLE,
    description: 'C-type head with the big valves, crack tested, ready for machining.',
    price: '4200.00',
    category: 'engine',
    make: 'jaguar',
    condition: 'used-good',
    location: 'Greenwich, CT',
    partNumber: 'C.8000',
  });
}, 120_000);

/** The offer card of this journey's part. */
const cardOf = (page: Page) => page.getByTestId('offer-card').filter({ hasText: PART_TITLE });

describe('Make an Offer', () => {
  it('offer, counter, accept and pay', async () => {
    // The buyer offers from the part page.
    const buyerPage = await browser.newPage();
    await signIn(buyerPage, buyer.username);
    await buyerPage.goto(`/parts/${partId}`);
    await expect.poll(() => buyerPage.getByRole('heading', { level: 1, name: PART_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await buyerPage.getByRole('button', { name: 'Make an Offer' }).click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Make an Offer' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // An empty amount is refused in the dialog.
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await expect.poll(() => dialog.getByText('Amount is required').isVisible()).toBe(true);
    await dialog.getByLabel('Your offer (USD)').fill('3600');
    await dialog.getByLabel('Message').fill('Would you take 3,600? I can pay today.');
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The buyer's open offer shows under the button.
    const mine = buyerPage.getByRole('list', { name: 'Your offers on this part' });
    await expect.poll(() => mine.getByText('Your offer: $3,600.00').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await mine.getByText('Waiting for the seller').isVisible()).toBe(true);

    // The seller counters from the dashboard's Offers panel.
    const sellerPage = await browser.newPage();
    await signIn(sellerPage, seller.username);
    await sellerPage.goto('/seller-dashboard');
    const sellerCard = cardOf(sellerPage);
    await expect.poll(() => sellerCard.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await sellerCard.getByTestId('offer-amount').textContent()).toBe('$3,600.00');
    expect(await sellerCard.getByText('Waiting for your answer').isVisible()).toBe(true);
    await sellerCard.getByRole('button', { name: 'Counter', exact: true }).click();
    await sellerCard.getByLabel('Amount (USD)').fill('3900');
    await sellerCard.getByLabel('Message').fill('Meet me at 3,900 and it ships Monday.');
    await sellerCard.getByRole('button', { name: 'Send Counter-offer' }).click();
    await expect.poll(() => sellerCard.getByTestId('offer-amount').textContent(), { timeout: 15_000 }).toBe('$3,900.00');
    expect(await sellerCard.getByText('Waiting for the buyer').isVisible()).toBe(true);
    await sellerPage.context().close();

    // The buyer finds the counter on My Offers (user menu), accepts it and pays.
    await buyerPage.goto('/');
    await buyerPage.getByTestId('user-menu').click();
    await buyerPage.getByRole('menuitem', { name: 'My Offers' }).click();
    await buyerPage.waitForURL(`${baseUrl}/account/offers`);
    const buyerCard = cardOf(buyerPage);
    await expect.poll(() => buyerCard.getByTestId('offer-amount').textContent(), { timeout: 15_000 }).toBe('$3,900.00');
    expect(await buyerCard.getByText('Waiting for your answer').isVisible()).toBe(true);
    await buyerCard.getByRole('button', { name: 'Accept $3,900.00' }).click();
    await buyerPage.waitForURL(/\/checkout\/[^/]+$/, { timeout: 15_000 });
    const orderId = buyerPage.url().split('/').pop()!;
    expect(await buyerPage.getByTestId('order-total').textContent()).toBe('$3,900.00');
    await payInTestMode(buyerPage, { name: 'Phil Hill', line1: '1 Circuit Rd', city: 'Santa Monica', region: 'CA', postalCode: '90401', country: 'US' });

    // The offer is accepted with that order, and the order is paid.
    const buyerUser = await apiSession(buyer.username);
    const offers = await callOk<OfferAnswer[]>(buyerUser.cookie, 'GET', `/api/offers?partId=${partId}`);
    expect(offers).toMatchObject([{ status: 'accepted', amount: '3900.00', orderId }]);
    const order = await callOk<{ state: string; source: string }>(buyerUser.cookie, 'GET', `/api/orders/${orderId}`);
    expect(order).toMatchObject({ state: 'paid', source: 'offer' });
    await buyerPage.context().close();
  }, 180_000);
});
