import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import {
  apiSession,
  call,
  callOk,
  makeApprovedSeller,
  newPage,
  pollUntil,
  registerVerified,
  type SellerApplication,
  type SignedInUser,
  type TestUser,
} from './helpers.js';

/** Set-up the journeys share, built on helpers.ts: the file's browser, approved sellers, live auctions and test-mode payments. */

export interface JourneyBrowser {
  /** A page in a fresh browser context (own cookies), as helpers.ts's newPage. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/** Chromium for the journeys of one file: launched before them and closed after them. Call once at the file's top level. */
export function useBrowser(): JourneyBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newPage(viewport) {
      if (!browser) throw new Error('no browser yet: call useBrowser() at the top level of the journey file');
      return newPage(browser, viewport);
    },
  };
}

/** Registers and verifies `user`, has the admin approve their seller application, and signs them in through the API. */
export async function registerApprovedSeller(user: TestUser, application: SellerApplication): Promise<SignedInUser> {
  await registerVerified(user);
  await makeApprovedSeller(user.username, application);
  return apiSession(user.username);
}

export interface LiveAuctionInput {
  partId: string;
  title: string;
  description: string;
  startingBid: string;
  bidIncrement: string;
  buyItNowPrice?: string;
}

/**
 * An auction of the seller's created through the API to start a few seconds ahead and run two hours (the form only
 * offers starts an hour ahead); resolves with its id once the worker's start job has opened it.
 */
export async function startLiveAuction(seller: SignedInUser, auction: LiveAuctionInput): Promise<string> {
  const start = new Date(Date.now() + 4_000);
  const created = await call(seller.cookie, 'POST', '/api/auctions', {
    ...auction,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 2 * 60 * 60_000).toISOString(),
  });
  if (created.status !== 201) throw new Error(`creating the auction failed: ${created.status} ${await created.text()}`);
  const auctionId = ((await created.json()) as { id: string }).id;
  await pollUntil(
    'the auction to start',
    async () => (await callOk<{ status: string }>(seller.cookie, 'GET', `/api/auctions/${auctionId}`)).status === 'active',
    90_000,
  );
  return auctionId;
}

/** A shipping address, as POST /api/orders/{id}/checkout takes it. */
export interface ShippingAddress {
  name: string;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** From the checkout page: the address, Final Sale when asked, then the test-mode Pay button; waits for the success state. */
export async function payInTestMode(page: Page, address: ShippingAddress) {
  await expect.poll(() => page.getByRole('heading', { name: 'Checkout', level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Street address').fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State', { exact: true }).fill(address.region);
  await page.getByLabel('ZIP code').fill(address.postalCode);
  await page.getByLabel('Country').fill(address.country);
  const finalSale = page.getByLabel('I understand this item is a final sale and cannot be returned');
  if (await finalSale.isVisible()) await finalSale.check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect.poll(() => page.getByText('Test mode: no card is charged').isVisible(), { timeout: 15_000 }).toBe(true);
  // The payment step opens at its top: the Pay button in view, below the sticky header (issue 34).
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  const [payBox, headerBox] = await Promise.all([pay.boundingBox(), page.getByRole('banner').boundingBox()]);
  expect(payBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  expect(payBox!.y + payBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await pay.click();
  await expect.poll(() => page.getByRole('heading', { name: 'Payment received' }).isVisible(), { timeout: 30_000 }).toBe(true);
}

/** Buys the part (Buy Now) and pays for it in test mode through the API, with no page; resolves with the paid order's id. */
export async function buyAndPayInTestMode(buyer: SignedInUser, partId: string, shippingAddress: ShippingAddress): Promise<string> {
  const { orderId } = await callOk<{ orderId: string }>(buyer.cookie, 'POST', '/api/orders', { partId });
  await callOk(buyer.cookie, 'POST', `/api/orders/${orderId}/checkout`, { shippingAddress });
  await callOk(buyer.cookie, 'POST', '/api/payments/test/confirm', { orderId });
  return orderId;
}
