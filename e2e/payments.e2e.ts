import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { payInTestMode, registerApprovedSeller, startLiveAuction, useBrowser, type ShippingAddress } from './fixtures.js';
import { apiSession, baseUrl, callOk, createListedPart, registerVerified, signIn, type SignedInUser } from './helpers.js';

/**
 * Issue 22 journeys in test mode (no Stripe keys): Buy Now and pay, win an auction (Buy It Now ends it with the
 * buyer as winner) and pay, the seller marks the order shipped, the buyer confirms delivery.
 */

const browser = useBrowser();

const seller = { username: 'e2e_pay_seller', email: 'e2e-pay-seller@example.com', firstName: 'Carroll', lastName: 'Shelby' };
const buyer = { username: 'e2e_pay_buyer', email: 'e2e-pay-buyer@example.com', firstName: 'Ken', lastName: 'Miles' };
const PART_TITLE = 'Shelby GT350 Cobra aluminium intake manifold';
const AUCTION_PART_TITLE = 'Shelby GT350 Tri-Y headers, original';
const AUCTION_TITLE = 'Original GT350 Tri-Y headers';

let sellerUser: SignedInUser;
let partId = '';
let orderId = '';

interface OrderAnswer {
  id: string;
  state: string;
  partId: string | null;
  sourceId: string | null;
  total: string;
}

beforeAll(async () => {
  await registerVerified(buyer);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Shelby Speed Parts',
    businessType: 'business',
    contactPhone: '(702) 555-0350',
    businessAddress: '6405 Ensworth St',
    businessCity: 'Las Vegas',
    businessState: 'NV',
    businessZip: '89119',
    specialties: ['Ford', 'Shelby'],
  });
  partId = await createListedPart(sellerUser, {
    title: PART_TITLE,
    description: 'Cobra aluminium high-rise intake for the 289 Hi-Po, cleaned and checked flat.',
    price: '1250.00',
    category: 'engine',
    make: 'ford',
    condition: 'used-excellent',
    location: 'Las Vegas, NV',
    partNumber: 'C5ZZ-9424-A',
  });
}, 120_000);

const ADDRESS: ShippingAddress = { name: 'Ken Miles', line1: '1 Speedway Blvd', city: 'Los Angeles', region: 'CA', postalCode: '90045', country: 'US' };

/** From the checkout page: checks that the reservation countdown runs while the buyer pays, then pays in test mode. */
async function payWithCountdown(page: Page) {
  await expect.poll(() => page.getByRole('heading', { name: 'Checkout', level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('timer').isVisible()).toBe(true);
  await payInTestMode(page, ADDRESS);
}

describe('Buy Now', () => {
  it('reserves the part, takes the payment in test mode and shows the paid order', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/parts/${partId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: PART_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/, { timeout: 15_000 });
    orderId = page.url().split('/').pop()!;

    // The total is the price: no buyer fee.
    expect(await page.getByTestId('order-total').textContent()).toBe('$1,250.00');
    // An incomplete address is refused in the page.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByText('Full name is required').isVisible()).toBe(true);

    await payWithCountdown(page);
    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL(`**/account/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-state').textContent(), { timeout: 15_000 }).toBe('Paid');
    // The history keeps every step: at least the order and its payment.
    expect(await page.getByRole('list', { name: 'Order history' }).locator('li').count()).toBeGreaterThanOrEqual(2);
    // A paid order is cancelled by its seller: the buyer is told so, and offered no Cancel the server would refuse.
    expect(await page.getByText('Ask the seller to cancel the order').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    // Account → Orders lists it.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.waitForURL(`${baseUrl}/account/orders`);
    const row = page.getByRole('list', { name: 'Orders' }).locator('li').filter({ hasText: PART_TITLE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.getByTestId('order-state').textContent()).toBe('Paid');
    await page.context().close();

    // Sold: the part page says so and offers no Buy Now.
    const visitor = await browser.newPage();
    await visitor.goto(`/parts/${partId}`);
    await expect.poll(() => visitor.getByText('This part has been sold and is no longer available.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await visitor.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
    await visitor.context().close();
  }, 120_000);
});

describe('shipping and delivery', () => {
  it('lets the seller mark the paid order shipped with a carrier and tracking number', async () => {
    expect(orderId).not.toBe('');
    const page = await browser.newPage();
    await signIn(page, seller.username);
    await page.goto('/seller-dashboard');
    await page.getByRole('link', { name: 'Sales to ship' }).click();
    await page.waitForURL(`${baseUrl}/my-sales`);
    const row = page.getByTestId('sale-row').filter({ hasText: PART_TITLE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: 'Mark Shipped' }).click();

    const dialog = page.getByRole('dialog', { name: 'Mark Shipped' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Carrier').selectOption('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect.poll(() => page.getByText('Marked as Shipped').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // Shipped orders leave "To ship".
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    await page.context().close();

    const order = await callOk<OrderAnswer>(sellerUser.cookie, 'GET', `/api/orders/${orderId}`);
    expect(order.state).toBe('shipped');
  }, 90_000);

  it('lets the buyer see the tracking number and confirm delivery', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/account/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-state').textContent(), { timeout: 15_000 }).toBe('Shipped');
    expect(await page.getByTestId('tracking-number').textContent()).toBe('1Z999AA10123456784');

    await page.getByRole('button', { name: 'Confirm delivery' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm delivery?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes, I have it' }).click();
    await expect.poll(() => page.getByText('Delivery Confirmed').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('order-state').textContent(), { timeout: 15_000 }).toBe('Delivered');
    expect(await page.getByRole('button', { name: 'Confirm delivery' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});

describe('an auction won', () => {
  let auctionId = '';

  /** A live auction with Buy It Now, created through the API a few seconds ahead; the worker's start job opens it. */
  beforeAll(async () => {
    const auctionPartId = await createListedPart(sellerUser, {
      title: AUCTION_PART_TITLE,
      description: 'Original Tri-Y headers off a 1965 GT350, no cracks, flanges flat.',
      price: '900.00',
      category: 'exhaust',
      make: 'ford',
      condition: 'used-good',
      location: 'Las Vegas, NV',
    });
    auctionId = await startLiveAuction(sellerUser, {
      partId: auctionPartId,
      title: AUCTION_TITLE,
      description: 'The original Tri-Y headers, sold at auction.',
      startingBid: '250.00',
      bidIncrement: '10.00',
      buyItNowPrice: '400.00',
    });
  }, 120_000);

  it("leads the winner from the auction page to checkout and takes the payment", async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/auctions/${auctionId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: AUCTION_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Buy It Now $400.00' }).click();
    await expect.poll(() => page.getByText('Purchase Successful').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // The winner's view: the order is made by the worker, then the page offers checkout.
    await expect.poll(() => page.getByText('You won this auction').isVisible(), { timeout: 15_000 }).toBe(true);
    const toCheckout = page.getByRole('link', { name: 'Continue to checkout' });
    await expect.poll(() => toCheckout.isVisible(), { timeout: 30_000 }).toBe(true);
    await toCheckout.click();
    await page.waitForURL(/\/checkout\/[^/]+$/, { timeout: 15_000 });
    const wonOrderId = page.url().split('/').pop()!;
    expect(await page.getByTestId('order-total').textContent()).toBe('$400.00');

    await payWithCountdown(page);
    const buyerUser = await apiSession(buyer.username);
    const order = await callOk<OrderAnswer>(buyerUser.cookie, 'GET', `/api/orders/${wonOrderId}`);
    expect(order).toMatchObject({ state: 'paid', sourceId: auctionId, total: '400.00' });

    // Back on the auction, the winner now sees the way to the paid order.
    await page.goto(`/auctions/${auctionId}`);
    await expect.poll(() => page.getByRole('link', { name: 'View order' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 120_000);
});

describe('the phone layout', () => {
  it('opens the payment step at its top, the Pay button in view below the header, at 390 px', async () => {
    const phonePartId = await createListedPart(sellerUser, {
      title: 'Shelby GT350 rear quarter scoops, pair',
      description: 'Fibreglass rear brake cooling scoops for the 1965-66 GT350, primed.',
      price: '420.00',
      category: 'body',
      make: 'ford',
      condition: 'used-good',
      location: 'Las Vegas, NV',
    });
    const buyerSession = await apiSession(buyer.username);
    const { orderId: phoneOrderId } = await callOk<{ orderId: string }>(buyerSession.cookie, 'POST', '/api/orders', { partId: phonePartId });
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, buyer.username);
    await page.goto(`/checkout/${phoneOrderId}`);
    // payInTestMode checks where the Pay button is after Continue to payment (at the form's foot on a phone).
    await payInTestMode(page, ADDRESS);
    await page.context().close();
  }, 90_000);

  it('shows the orders list without sideways scrolling at 390 px', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, buyer.username);
    await page.goto('/account/orders');
    await expect.poll(() => page.getByRole('list', { name: 'Orders' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 60_000);
});
