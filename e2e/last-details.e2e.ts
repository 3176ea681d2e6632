import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buyAndPayInTestMode, registerApprovedSeller, startLiveAuction, useBrowser } from './fixtures.js';
import { apiSession, baseUrl, callOk, createListedPart, PASSWORD, registerVerified, signIn, type SignedInUser } from './helpers.js';

// Issue 34, "the last details": one auction status vocabulary, the auctions list order, the bid box on a phone,
// Buy Now for signed-out visitors, message previews that end in an ellipsis, and checkout's shipping and address.
const browser = useBrowser();

const seller = { username: 'e2e_details_seller', email: 'e2e-details-seller@example.com', firstName: 'Jochen', lastName: 'Rindt' };
const buyer = { username: 'e2e_details_buyer', email: 'e2e-details-buyer@example.com', firstName: 'Jacky', lastName: 'Ickx' };
const LIVE_TITLE = 'Lotus 49 Hewland gearbox, live';
const SCHEDULED_TITLE = 'Lotus 49 Hewland gearbox, scheduled';
const BUY_TITLE = 'Cosworth DFV distributor cap';
const HOME = { name: 'Jacky Ickx', line1: '12 Circuit Road', city: 'Watkins Glen', region: 'NY', postalCode: '14891', country: 'US' };
const PHONE = { width: 390, height: 844 };

let sellerUser: SignedInUser;
let buyerUser: SignedInUser;
let liveId = '';
let scheduledId = '';
let buyPartId = '';

const part = (title: string) => ({
  title,
  description: `${title}, from a 1969 Formula 1 car. ${'Stored dry, inspected and photographed from every side. '.repeat(12)}`,
  price: '1450.00',
  category: 'drivetrain',
  make: 'ford',
  condition: 'used-good',
  location: 'Hethel, UK',
});

beforeAll(async () => {
  await registerVerified(buyer);
  buyerUser = await apiSession(buyer.username);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Hethel Historic Parts',
    businessType: 'business',
    contactPhone: '(212) 555-0149',
    businessAddress: '49 Potash Lane',
    businessCity: 'New York',
    businessState: 'NY',
    businessZip: '10001',
    specialties: ['Lotus'],
  });
  buyPartId = await createListedPart(sellerUser, part(BUY_TITLE));
  const livePart = await createListedPart(sellerUser, part('Lotus 49 Hewland DG300 gearbox'));
  const scheduledPart = await createListedPart(sellerUser, part('Lotus 49 Hewland FG400 gearbox'));
  const start = new Date(Date.now() + 2 * 3600_000);
  scheduledId = (
    await callOk<{ id: string }>(sellerUser.cookie, 'POST', '/api/auctions', {
      partId: scheduledPart,
      title: SCHEDULED_TITLE,
      description: 'A Hewland FG400, scheduled.',
      startingBid: '900.00',
      bidIncrement: '25.00',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3 * 24 * 3600_000).toISOString(),
    })
  ).id;
  liveId = await startLiveAuction(sellerUser, {
    partId: livePart,
    title: LIVE_TITLE,
    description: part('Lotus 49 Hewland DG300 gearbox').description,
    startingBid: '1200.00',
    bidIncrement: '25.00',
  });
}, 180_000);

/** The status badges on a page or part of one, as text. */
const badgeOf = (scope: Locator | Page) => scope.locator('[data-auction-status]').first();

/** The few browser globals the checks below read (the journeys compile without the DOM library). */
interface Box {
  left: number;
  right: number;
}
interface Browserish {
  getComputedStyle(el: unknown): { color: string; backgroundColor: string; textOverflow: string };
  innerWidth: number;
  document: {
    documentElement: { scrollWidth: number };
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(
        kind: '2d',
        options: { willReadFrequently: boolean },
      ): {
        fillStyle: string;
        clearRect(x: number, y: number, w: number, h: number): void;
        fillRect(x: number, y: number, w: number, h: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
      };
    };
  };
}

/**
 * WCAG contrast ratio of an element's text on its own background, as the browser paints them (a 1-pixel canvas turns
 * any CSS colour, oklch included, into RGB).
 */
const contrastOf = (badge: Locator) =>
  badge.evaluate((el) => {
    const w = globalThis as unknown as Browserish;
    const style = w.getComputedStyle(el);
    const canvas = w.document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const luminance = (colour: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data)
        .slice(0, 3)
        .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });

/** Where a message preview sits: cut with an ellipsis, inside its list, no sideways scrolling of the page. */
const previewFit = (preview: Locator) =>
  preview.evaluate((el) => {
    const w = globalThis as unknown as Browserish;
    const box = (e: unknown) => (e as { getBoundingClientRect(): Box }).getBoundingClientRect();
    const list = box(el.closest('section'));
    const own = box(el);
    return {
      ellipsis: w.getComputedStyle(el).textOverflow,
      cut: el.scrollWidth > el.clientWidth,
      inside: own.right <= list.right + 0.5 && own.left >= list.left - 0.5,
      noPageScroll: w.document.documentElement.scrollWidth <= w.innerWidth,
    };
  });

describe('one auction, one status (issue 34)', () => {
  it('calls a scheduled auction Scheduled and a running one Active on the list, its page, the dashboard and My Auctions', async () => {
    const page = await browser.newPage();
    await signIn(page, seller.username);

    // The list: cards, then the table. Running auctions come first, before scheduled ones.
    await page.goto('/auctions');
    const liveCard = page.locator(`a[href="/auctions/${liveId}"]`);
    const scheduledCard = page.locator(`a[href="/auctions/${scheduledId}"]`);
    await expect.poll(() => scheduledCard.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await badgeOf(scheduledCard).textContent()).toBe('Scheduled');
    expect(await badgeOf(liveCard).textContent()).toBe('Active');
    const order = await page.locator('a[href^="/auctions/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(order.indexOf(`/auctions/${liveId}`)).toBeLessThan(order.indexOf(`/auctions/${scheduledId}`));
    for (const badge of [badgeOf(scheduledCard), badgeOf(liveCard)]) expect(await contrastOf(badge)).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('button', { name: 'Table view' }).click();
    const scheduledRow = page.getByRole('row').filter({ hasText: SCHEDULED_TITLE });
    await expect.poll(() => scheduledRow.isVisible()).toBe(true);
    expect(await badgeOf(scheduledRow).textContent()).toBe('Scheduled');
    expect(await badgeOf(page.getByRole('row').filter({ hasText: LIVE_TITLE })).textContent()).toBe('Active');
    // The status filter uses the same words.
    expect(await page.getByLabel('Status', { exact: true }).locator('option').allTextContents()).toEqual([
      'All statuses',
      'Active',
      'Scheduled',
      'Ended',
    ]);

    // The auction's own page: one status, in the bid box.
    await page.goto(`/auctions/${scheduledId}`);
    const box = page.getByRole('complementary', { name: 'Bidding' });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await badgeOf(box).textContent()).toBe('Scheduled');
    expect(await page.locator('[data-auction-status]').count()).toBe(1);
    await page.goto(`/auctions/${liveId}`);
    await expect.poll(() => badgeOf(box).textContent(), { timeout: 15_000 }).toBe('Active');

    // The seller's dashboard and My Auctions.
    await page.goto('/seller-dashboard');
    const dashboardRow = page.getByRole('row').filter({ hasText: SCHEDULED_TITLE });
    await expect.poll(() => dashboardRow.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await badgeOf(dashboardRow).textContent()).toBe('Scheduled');
    expect(await badgeOf(page.getByRole('row').filter({ hasText: LIVE_TITLE })).textContent()).toBe('Active');
    await page.goto('/my-auctions');
    const mine = page.getByRole('listitem', { name: SCHEDULED_TITLE });
    await expect.poll(() => mine.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await badgeOf(mine).textContent()).toBe('Scheduled');
    expect(await badgeOf(page.getByRole('listitem', { name: LIVE_TITLE })).textContent()).toBe('Active');
    await page.context().close();
  }, 120_000);
});

describe('the auction page on a phone (issue 34)', () => {
  it('shows the bid box under the photos and title, in the first screen, before the description', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`/auctions/${liveId}`);
    const box = page.getByRole('complementary', { name: 'Bidding' });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    const [title, bidBox, description] = await Promise.all([
      page.getByRole('heading', { level: 1, name: LIVE_TITLE }).boundingBox(),
      box.boundingBox(),
      page.getByRole('heading', { name: 'Description' }).boundingBox(),
    ]);
    expect(bidBox!.y).toBeGreaterThan(title!.y);
    expect(bidBox!.y).toBeLessThan(description!.y);
    // Its top (status, clock, current bid) is in the first screen, without scrolling.
    expect(bidBox!.y + 120).toBeLessThanOrEqual(PHONE.height);
    await page.context().close();
  }, 60_000);
});

describe('the auction pages on a phone fit its width (issue 34)', () => {
  it('scrolls no page sideways: the auctions table, the seller dashboard, My Auctions', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, seller.username);
    const overflow = () =>
      page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
          .documentElement;
        return root.scrollWidth - root.clientWidth;
      });
    await page.goto('/auctions');
    await expect.poll(() => page.locator(`a[href="/auctions/${scheduledId}"]`).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Table view' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: SCHEDULED_TITLE }).isVisible()).toBe(true);
    expect(await overflow(), '/auctions (table)').toBe(0);
    await page.goto('/seller-dashboard');
    await expect.poll(() => page.getByRole('row').filter({ hasText: SCHEDULED_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overflow(), '/seller-dashboard').toBe(0);
    await page.goto('/my-auctions');
    await expect.poll(() => page.getByRole('listitem', { name: SCHEDULED_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overflow(), '/my-auctions').toBe(0);
    await page.context().close();
  }, 60_000);
});

describe('Buy Now for a signed-out visitor (issue 34)', () => {
  it('shows Buy Now, sends them to sign in and back to the part, whose checkout starts from their last address', async () => {
    // An earlier purchase of the buyer's, paid with their home address.
    const earlier = await createListedPart(sellerUser, part('Cosworth DFV rotor arm'));
    await buyAndPayInTestMode(buyerUser, earlier, HOME);

    const page = await browser.newPage();
    await page.goto(`/parts/${buyPartId}`);
    const buyNow = page.getByRole('button', { name: 'Buy Now' });
    await expect.poll(() => buyNow.isVisible(), { timeout: 15_000 }).toBe(true);
    await buyNow.click();
    await expect.poll(() => page.getByText('Sign In Required').first().isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/login?returnTo=${encodeURIComponent(`/parts/${buyPartId}`)}`, { timeout: 15_000 });
    await page.getByLabel('Username or email').fill(buyer.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/parts/${buyPartId}`, { timeout: 15_000 });

    // Signed in now, Buy Now reserves the part and opens checkout.
    await expect.poll(() => buyNow.isEnabled(), { timeout: 15_000 }).toBe(true);
    await buyNow.click();
    await page.waitForURL(/\/checkout\//, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Checkout', level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The address of the last order, filled in and said so.
    await expect.poll(() => page.getByLabel('Full name').inputValue(), { timeout: 15_000 }).toBe(HOME.name);
    expect(await page.getByLabel('Street address').inputValue()).toBe(HOME.line1);
    expect(await page.getByLabel('City').inputValue()).toBe(HOME.city);
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe(HOME.region);
    expect(await page.getByLabel('ZIP code').inputValue()).toBe(HOME.postalCode);
    expect(await page.getByText('Filled in from your last order').isVisible()).toBe(true);

    // Shipping reads one way: arranged with the seller, in the form and in the summary; never "Free".
    expect(await page.getByText('you arrange and pay it with the seller').isVisible()).toBe(true);
    const summary = page.getByRole('complementary', { name: 'Your order' });
    expect(await summary.getByText('Arranged with seller').isVisible()).toBe(true);
    expect(await page.getByText('Free', { exact: true }).count()).toBe(0);
    expect(await page.getByText('The buyer pays shipping').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe('message previews (issue 34)', () => {
  it('end in an ellipsis inside the conversation list, on a desktop and on a phone', async () => {
    const long = `Hello Jochen, ${'could you tell me whether the gearbox casing has any cracks near the mounting points? '.repeat(3)}`;
    await callOk(buyerUser.cookie, 'POST', '/api/conversations', {
      participantIds: [sellerUser.id],
      subject: `About ${BUY_TITLE}`,
      initialMessage: long,
      relatedItemId: buyPartId,
      relatedItemType: 'part',
    });
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const page = await browser.newPage(viewport);
      await signIn(page, seller.username);
      await page.goto('/messages');
      const preview = page.getByTestId('conversation-preview').first();
      await expect.poll(() => preview.isVisible(), { timeout: 15_000 }).toBe(true);
      const fit = await previewFit(preview);
      expect(fit, `${viewport.width}px`).toEqual({ ellipsis: 'ellipsis', cut: true, inside: true, noPageScroll: true });
      await page.context().close();
    }
  }, 90_000);
});
