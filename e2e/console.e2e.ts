import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, startLiveAuction, useBrowser } from './fixtures.js';
import { admin, apiSession, callOk, createListedPart, figureOf, mailTo, registerVerified, signIn, type SignedInUser } from './helpers.js';

/** Console journeys of issue 17: an admin ends an auction early from the Auctions resource. */
const browser = useBrowser();

const seller = { username: 'e2e_console_seller', email: 'e2e-console-seller@example.com', firstName: 'Carroll', lastName: 'Shelby' };
const bidder = { username: 'e2e_console_bidder', email: 'e2e-console-bidder@example.com', firstName: 'Dan', lastName: 'Gurney' };
const AUCTION_TITLE = 'Shelby Cobra 289 side pipes, console end';
const REASON = 'The seller withdrew the part after a dispute';

let sellerUser: SignedInUser;
let auctionId = '';

beforeAll(async () => {
  await registerVerified(bidder);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Cobra Exhausts',
    businessType: 'business',
    contactPhone: '(310) 555-0289',
    businessAddress: '289 Venice Blvd',
    businessCity: 'Los Angeles',
    businessState: 'CA',
    businessZip: '90015',
    specialties: ['Shelby'],
  });
  const partId = await createListedPart(sellerUser, {
    title: 'Shelby Cobra 289 side pipes',
    description: 'A pair of original-pattern 289 Cobra side pipes, ceramic coated.',
    price: '1800.00',
    category: 'exhaust',
    make: 'ford',
    condition: 'used-excellent',
    location: 'Los Angeles, CA',
  });
  // An auction a few seconds ahead (the form offers starts an hour ahead); the worker's start job opens it.
  auctionId = await startLiveAuction(sellerUser, {
    partId,
    title: AUCTION_TITLE,
    description: 'Side pipes, live now.',
    startingBid: '300.00',
    bidIncrement: '10.00',
  });
  const bidderUser = await apiSession(bidder.username);
  await callOk(bidderUser.cookie, 'POST', `/api/auctions/${auctionId}/bids`, { bidAmount: 300 });
}, 150_000);

describe('an admin ending an auction early from the console (issue 17)', () => {
  it('finds the auction among the active ones, ends it with a reason, and the bidder wins and is told why', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin');
    // The dashboard's marketplace figures count the live auction.
    const active = page.getByRole('link', { name: /^Active auctions/ });
    await expect.poll(() => figureOf(active), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    const menuLink = page.getByRole('menuitem', { name: 'Auctions', exact: true });
    await expect.poll(() => menuLink.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuLink.click();
    await page.waitForURL(/\/admin\/auctions/);
    const row = page.getByRole('row').filter({ hasText: AUCTION_TITLE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByText(AUCTION_TITLE).click();
    await page.waitForURL(`**/admin/auctions/${auctionId}/show`);

    // The page shows the bid with the bidder's name.
    const bids = page.getByRole('table', { name: 'Bids' });
    await expect.poll(() => bids.getByText(bidder.username).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: 'End early' }).click();
    const dialog = page.getByRole('dialog', { name: 'End auction early' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'End early' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (mailed to the bidders and the seller)').fill(REASON);
    await confirm.click();

    await expect.poll(() => page.getByText('Auction ended early').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(`Ended early by an admin: ${REASON}`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(`Sold to ${bidder.username} for $300.00`).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'End early' }).count()).toBe(0);
    await page.context().close();

    // Settled as a normal end: the bidder won; both the bidder and the seller are mailed the reason.
    const auction = await callOk<{ status: string; winnerId: string | null }>(sellerUser.cookie, 'GET', `/api/auctions/${auctionId}`);
    expect(auction.status).toBe('ended');
    expect(auction.winnerId).not.toBeNull();
    await mailTo(bidder.email, (m) => m.subject === `You won: ${AUCTION_TITLE}`);
    const notice = await mailTo(bidder.email, (m) => m.subject === `Auction ended early: ${AUCTION_TITLE}`);
    expect(notice.text).toContain(`Reason: ${REASON}`);
    await mailTo(seller.email, (m) => m.subject === `Auction ended early: ${AUCTION_TITLE}`);
  }, 120_000);
});
