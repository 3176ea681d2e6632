import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, startLiveAuction, useBrowser } from './fixtures.js';
import { apiSession, baseUrl, callOk, createListedPart, feedSubscribed, registerVerified, signIn, type SignedInUser } from './helpers.js';

const browser = useBrowser();

const seller = { username: 'e2e_auctioneer', email: 'e2e-auctioneer@example.com', firstName: 'Enzo', lastName: 'Ferrari' };
const bidder = { username: 'e2e_bidder', email: 'e2e-bidder@example.com', firstName: 'Phil', lastName: 'Hill' };
const watcher = { username: 'e2e_watcher', email: 'e2e-watcher@example.com', firstName: 'Olivier', lastName: 'Gendebien' };
const PART_TITLE = 'Ferrari 250 GT Weber 36 DCL3 carburettor';
const SCHEDULED_TITLE = 'Weber 36 DCL3 carburettor, scheduled';
const LIVE_TITLE = 'Weber 36 DCL3 carburettor, live';

let sellerUser: SignedInUser;
let partId = '';

interface AuctionAnswer {
  id: string;
  title: string;
  status: string;
  startTime: string;
  endTime: string;
  startingBid: string;
  totalBids: number;
}

beforeAll(async () => {
  await registerVerified(bidder);
  await registerVerified(watcher);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Maranello Carburettors',
    businessType: 'business',
    contactPhone: '(305) 555-0250',
    businessAddress: '250 Testarossa Way',
    businessCity: 'Miami',
    businessState: 'FL',
    businessZip: '33101',
    specialties: ['Ferrari'],
  });
  partId = await createListedPart(sellerUser, {
    title: PART_TITLE,
    description: 'Rebuilt Weber 36 DCL3 from a 1959 250 GT, bench-flowed.',
    price: '2400.00',
    category: 'intake',
    make: 'ferrari',
    condition: 'rebuilt',
    location: 'Miami, FL',
    partNumber: '36-DCL3',
  });
});

/** A datetime-local value in UTC (the pages run with timezoneId UTC). */
const utcLocal = (date: Date) => date.toISOString().slice(0, 16);

describe('scheduling an auction', () => {
  it('is done by the seller on /schedule-auction and lands as a scheduled auction', async () => {
    const page = await browser.newPage();
    await signIn(page, seller.username);
    await page.goto('/schedule-auction');
    await expect.poll(() => page.getByRole('heading', { name: 'Schedule an Auction' }).isVisible()).toBe(true);

    const partSelect = page.getByLabel('Part', { exact: true });
    await expect.poll(() => partSelect.locator(`option[value="${partId}"]`).count(), { timeout: 15_000 }).toBe(1);
    await partSelect.selectOption(partId);
    // Choosing the part fills the title from it.
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(PART_TITLE);
    await page.getByLabel('Title', { exact: true }).fill(SCHEDULED_TITLE);
    await page.getByLabel('Description', { exact: true }).fill('A rebuilt Weber for your 250 GT. Bench-flowed and ready to fit.');
    await page.getByLabel('Starting bid (USD)').fill('500.00');
    await page.getByLabel('Bid increment (USD)').fill('25.00');

    const start = new Date(Date.now() + 2 * 60 * 60_000);
    const end = new Date(start.getTime() + 3 * 24 * 60 * 60_000);
    await page.getByLabel('Start time', { exact: true }).fill(utcLocal(start));
    await page.getByLabel('End time', { exact: true }).fill(utcLocal(end));
    await page.getByRole('button', { name: 'Schedule Auction' }).click();

    await expect.poll(() => page.getByText('Auction Scheduled').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${baseUrl}/auctions`);
    await expect.poll(() => page.getByRole('heading', { name: SCHEDULED_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();

    const auctions = await callOk<AuctionAnswer[]>(
      sellerUser.cookie,
      'GET',
      `/api/auctions?sellerId=${sellerUser.id}&sort=createdAt&order=desc`,
    );
    const scheduled = auctions.find((a) => a.title === SCHEDULED_TITLE);
    expect(scheduled).toMatchObject({ status: 'scheduled', startingBid: '500.00' });
    expect(scheduled!.startTime.slice(0, 16)).toBe(utcLocal(start));
    expect(scheduled!.endTime.slice(0, 16)).toBe(utcLocal(end));
  }, 90_000);
});

describe('a live auction', () => {
  let auctionId = '';
  let livePartId = '';

  /**
   * The form only offers starts an hour ahead and nothing starts an auction early, so the bidding journey
   * uses an auction created through the API a few seconds ahead; the worker's start job opens it.
   */
  beforeAll(async () => {
    // A part of its own: the scheduled auction above holds the first part (one open auction per part).
    livePartId = await createListedPart(sellerUser, {
      title: `${PART_TITLE} (second)`,
      description: 'A second rebuilt Weber 36 DCL3 carburettor for the 250 GT.',
      price: '2400.00',
      category: 'intake',
      make: 'ferrari',
      condition: 'rebuilt',
      location: 'Miami, FL',
    });
    auctionId = await startLiveAuction(sellerUser, {
      partId: livePartId,
      title: LIVE_TITLE,
      description: 'The same Weber, live now.',
      startingBid: '250.00',
      bidIncrement: '10.00',
    });
  }, 120_000);

  it("sends a visitor from the part's page to its auction instead of offering the fixed price", async () => {
    const page = await browser.newPage();
    await page.goto(`/parts/${livePartId}`);
    await expect.poll(() => page.getByText('This part is up for auction').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Make an Offer' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View auction' }).click();
    await page.waitForURL(`**/auctions/${auctionId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: LIVE_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 60_000);

  it('takes a bid from a buyer and shows it live to another buyer', async () => {
    // The second buyer's page is open on the auction before any bid.
    const watching = await browser.newPage();
    await signIn(watching, watcher.username);
    const watcherSubscribed = feedSubscribed(watching);
    await watching.goto(`/auctions/${auctionId}`);
    await watcherSubscribed;
    await expect.poll(() => watching.getByText('Connected', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => watching.getByText('No bids yet. Be the first to bid.').isVisible()).toBe(true);

    const page = await browser.newPage();
    await signIn(page, bidder.username);
    await page.goto('/auctions');
    const card = page.locator(`a[href="/auctions/${auctionId}"]`).filter({ hasText: LIVE_TITLE });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText('$250.00').isVisible()).toBe(true);
    const subscribed = feedSubscribed(page);
    await card.click();
    await page.waitForURL(`**/auctions/${auctionId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: LIVE_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await subscribed;
    await expect.poll(() => page.getByText('Connected', { exact: true }).isVisible()).toBe(true);

    // Below the minimum: refused in the page, nothing sent.
    const amount = page.getByLabel('Your bid (USD)');
    await amount.fill('200');
    await page.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => page.getByText('Invalid Bid').first().isVisible()).toBe(true);
    expect(await page.getByText('Minimum bid is $250.00').first().isVisible()).toBe(true);

    await amount.fill('250.00');
    await page.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => page.getByText('Bid Placed').first().isVisible(), { timeout: 15_000 }).toBe(true);

    const winningRow = page.locator('li').filter({ hasText: 'Winning' });
    await expect.poll(() => winningRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await winningRow.getByText('$250.00').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Minimum next bid').locator('..').getByText('$260.00').isVisible()).toBe(true);

    // The other buyer's page receives the bid in its live feed, without a reload.
    await expect.poll(() => watching.getByText(/ bid \$250\.00$/).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => watching.locator('li').filter({ hasText: 'Winning' }).getByText('$250.00').isVisible()).toBe(true);

    const stored = await callOk<AuctionAnswer>(sellerUser.cookie, 'GET', `/api/auctions/${auctionId}`);
    expect(stored).toMatchObject({ status: 'active', totalBids: 1 });
    await page.context().close();
    await watching.context().close();
  }, 120_000);
});

describe("a bidder's standing on the auction page (issue 17)", () => {
  const leader = { username: 'e2e_leader', email: 'e2e-leader@example.com', firstName: 'Juan', lastName: 'Fangio' };
  const rival = { username: 'e2e_rival', email: 'e2e-rival@example.com', firstName: 'Stirling', lastName: 'Moss' };
  const STANDING_TITLE = 'Weber 40 DCOE pair, live';
  let auctionId = '';
  let rivalUser: SignedInUser;

  /** An auction of its own part, created through the API a few seconds ahead and opened by the worker. */
  beforeAll(async () => {
    await registerVerified(leader);
    await registerVerified(rival);
    rivalUser = await apiSession(rival.username);
    const ownPart = await createListedPart(sellerUser, {
      title: 'Weber 40 DCOE carburettor pair',
      description: 'A matched pair of Weber 40 DCOE carburettors, rebuilt with new jets.',
      price: '1800.00',
      category: 'intake',
      make: 'ferrari',
      condition: 'rebuilt',
      location: 'Miami, FL',
    });
    auctionId = await startLiveAuction(sellerUser, {
      partId: ownPart,
      title: STANDING_TITLE,
      description: 'A pair of 40 DCOEs, live now.',
      startingBid: '300.00',
      bidIncrement: '10.00',
    });
  }, 150_000);

  it('tells the leader they lead, lets them raise their maximum without raising the price, and says when they are outbid', async () => {
    const page = await browser.newPage();
    await signIn(page, leader.username);
    const subscribed = feedSubscribed(page);
    await page.goto(`/auctions/${auctionId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: STANDING_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await subscribed;
    await expect.poll(() => page.getByText('Connected', { exact: true }).isVisible()).toBe(true);
    const box = page.getByRole('complementary', { name: 'Bidding' });

    // Without bids the box shows the starting bid, never "$0.00", and no standing.
    const headline = box.getByText('Starting bid', { exact: true }).locator('..');
    await expect.poll(() => headline.getByText('$300.00').isVisible()).toBe(true);
    expect(await box.getByText('$0.00').count()).toBe(0);
    expect(await box.getByText("You're the highest bidder").count()).toBe(0);

    // The first bid, with a proxy maximum: the page says the bidder leads and shows them their maximum.
    await page.getByLabel('Your bid (USD)').fill('300');
    await page.getByLabel('Maximum bid (USD)').fill('450');
    await page.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => page.getByText('Bid Placed').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => box.getByText("You're the highest bidder").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await box.getByText('Your maximum:').getByText('$450.00').isVisible()).toBe(true);

    // The leader is not offered a bid against themselves: only "Raise your maximum", with nothing filled in.
    expect(await box.getByRole('button', { name: 'Place Bid' }).count()).toBe(0);
    const newMaximum = box.getByLabel('New maximum (USD)');
    expect(await newMaximum.inputValue()).toBe('');
    await newMaximum.fill('500');
    await box.getByRole('button', { name: 'Raise your maximum' }).click();
    await expect.poll(() => page.getByText('Maximum Raised').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => box.getByText('Your maximum:').getByText('$500.00').isVisible(), { timeout: 15_000 }).toBe(true);
    const current = box.getByText('Current bid', { exact: true }).locator('..');
    await expect.poll(() => current.getByText('$300.00').isVisible()).toBe(true);
    expect(await callOk<{ currentBid: string }>(rivalUser.cookie, 'GET', `/api/auctions/${auctionId}`)).toMatchObject({
      currentBid: '300.00',
    });

    // Another bidder outbids the leader through the API; the live feed refreshes the page, no reload.
    await callOk(rivalUser.cookie, 'POST', `/api/auctions/${auctionId}/bids`, { bidAmount: 600 });
    await expect.poll(() => box.getByText("You've been outbid").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await box.getByText("You're the highest bidder").count()).toBe(0);
    expect(await box.getByRole('button', { name: 'Place Bid' }).isVisible()).toBe(true);
    await page.context().close();
  }, 150_000);
});
