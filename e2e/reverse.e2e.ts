import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { apiSession, baseUrl, call, callOk, feedSubscribed, photo, pollUntil, registerVerified, signIn, type SignedInUser } from './helpers.js';

/** Issue 18's journeys: a buyer posts a wanted part, an approved seller quotes, the buyer awards the quote. */

const browser = useBrowser();

const buyer = { username: 'e2e_wanted_buyer', email: 'e2e-wanted-buyer@example.com', firstName: 'Denise', lastName: 'McCluggage' };
const quoter = { username: 'e2e_quoter', email: 'e2e-quoter@example.com', firstName: 'Briggs', lastName: 'Cunningham' };
const BUSINESS = 'Cunningham Brake Works';
const POSTED_TITLE = 'Wanted: Girling front calipers for an E-type';
const LIVE_TITLE = 'Wanted: Girling rear calipers for an E-type';

let buyerUser: SignedInUser;
let quoterUser: SignedInUser;

interface RequestAnswer {
  id: string;
  title: string;
  status: string;
  partCategory: string;
  make: string | null;
  maxBudget: string;
  startTime: string;
  endTime: string;
  totalBids: number;
  awardStatus: string | null;
  winningBidderId: string | null;
  currentLowestBid: string | null;
}

/** A datetime-local value in UTC (the pages run with timezoneId UTC). */
const utcLocal = (date: Date) => date.toISOString().slice(0, 16);

beforeAll(async () => {
  await registerVerified(buyer);
  quoterUser = await registerApprovedSeller(quoter, {
    businessName: BUSINESS,
    businessType: 'business',
    contactPhone: '(914) 555-0151',
    businessAddress: '51 Briarcliff Road',
    businessCity: 'Briarcliff Manor',
    businessState: 'NY',
    businessZip: '10510',
    specialties: ['Brakes', 'Jaguar'],
  });
  buyerUser = await apiSession(buyer.username);
});

describe('posting a wanted part', () => {
  it('is done by a buyer on the Reverse Auction tab of /schedule-auction and lands as a scheduled request', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    // "Post a Wanted Request" opens the tab with its own title, not the regular auction's (issue 34).
    await page.goto('/reverse-auctions');
    await page.getByRole('link', { name: 'Post a Wanted Request' }).click();
    await page.waitForURL(`${baseUrl}/schedule-auction?tab=reverse`);
    const form = page.getByRole('form', { name: 'Reverse auction' });
    await expect.poll(() => form.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Post a Wanted Request');
    expect(await page.getByText('Pick one of your parts').count()).toBe(0);
    expect(await page.title()).toMatch(/^Post a Wanted Request/);

    // Every catalog category may be asked for, each found by its name or its slug.
    const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { name: string; slug: string }[];
    expect(categories).toHaveLength(20);
    const offered = (await form.getByLabel('Part category', { exact: true }).locator('option').allTextContents()).filter((o) => o !== 'Choose a category');
    expect(offered).toHaveLength(categories.length);
    for (const c of categories) {
      expect(offered.some((o) => [c.name.toLowerCase(), c.slug].includes(o.toLowerCase())), c.name).toBe(true);
    }

    // The regular tab keeps its own heading, and the address follows the tab.
    await page.getByRole('tab', { name: 'Regular Auction' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Schedule an Auction');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('tab', { name: 'Reverse Auction' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Post a Wanted Request');
    await expect.poll(() => form.isVisible()).toBe(true);

    // Nothing filled: the form names the required fields and sends nothing.
    await page.getByRole('button', { name: 'Schedule Reverse Auction' }).click();
    await expect.poll(() => page.getByText('Title is required').isVisible()).toBe(true);
    expect(await page.getByText('Part category is required').isVisible()).toBe(true);
    expect(await page.getByText('Maximum budget is required').isVisible()).toBe(true);

    await form.getByLabel('Title', { exact: true }).fill(POSTED_TITLE);
    await form.getByLabel('Description', { exact: true }).fill('A pair of Girling front calipers for a 1963 E-type roadster, rebuildable or rebuilt.');
    await form.getByLabel('Part category', { exact: true }).selectOption('Brakes');
    await form.getByLabel('Make', { exact: true }).fill('Jaguar');
    await form.getByLabel('Model', { exact: true }).fill('E-type');
    await form.getByLabel('Maximum budget ($)').fill('900.00');
    const start = new Date(Date.now() + 2 * 60 * 60_000);
    const end = new Date(start.getTime() + 3 * 24 * 60 * 60_000);
    await form.getByLabel('Start time', { exact: true }).fill(utcLocal(start));
    await form.getByLabel('End time', { exact: true }).fill(utcLocal(end));
    await form.getByLabel('Urgency', { exact: true }).selectOption('high');
    await page.getByRole('button', { name: 'Schedule Reverse Auction' }).click();

    await expect.poll(() => page.getByText('Reverse Auction Scheduled').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${baseUrl}/reverse-auctions`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Reverse Auctions' }).isVisible()).toBe(true);
    await page.context().close();

    const mine = await callOk<RequestAnswer[]>(buyerUser.cookie, 'GET', `/api/reverse-auctions?buyerId=${buyerUser.id}&status=scheduled`);
    const posted = mine.find((r) => r.title === POSTED_TITLE);
    expect(posted).toMatchObject({ status: 'scheduled', partCategory: 'Brakes', make: 'Jaguar', maxBudget: '900.00', totalBids: 0 });
    expect(posted!.startTime.slice(0, 16)).toBe(utcLocal(start));
    expect(posted!.endTime.slice(0, 16)).toBe(utcLocal(end));
  }, 90_000);
});

describe('an open request', () => {
  let requestId = '';

  /**
   * The form offers starts an hour ahead and nothing opens a request early, so the quoting journey uses a
   * request the buyer posts through the API a few seconds ahead; the worker's start job opens it.
   */
  beforeAll(async () => {
    const start = new Date(Date.now() + 4_000);
    const created = await call(buyerUser.cookie, 'POST', '/api/reverse-auctions', {
      title: LIVE_TITLE,
      description: 'A pair of Girling rear calipers for a 1963 E-type, with their handbrake mechanisms.',
      partCategory: 'Brakes',
      make: 'Jaguar',
      model: 'E-type',
      yearStart: 1961,
      yearEnd: 1968,
      maxBudget: '600.00',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * 60 * 60_000).toISOString(),
    });
    if (created.status !== 201) throw new Error(`posting the request failed: ${created.status} ${await created.text()}`);
    requestId = ((await created.json()) as RequestAnswer).id;
    await pollUntil(
      'the request to open',
      async () => (await callOk<RequestAnswer>(buyerUser.cookie, 'GET', `/api/reverse-auctions/${requestId}`)).status === 'active',
      90_000,
    );
  }, 120_000);

  it('takes a quote with a photo from an approved seller, capped at the budget', async () => {
    const page = await browser.newPage();
    await signIn(page, quoter.username);
    await page.goto('/reverse-auctions');
    const link = page.locator(`a[href="/reverse-auctions/${requestId}"]`).first();
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    const subscribed = feedSubscribed(page);
    await link.click();
    await page.waitForURL(`**/reverse-auctions/${requestId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: LIVE_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await subscribed;
    expect(await page.getByText('No quotes yet.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Submit Quote' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Your quote can be at most $600.00.').isVisible()).toBe(true);

    // Over the budget: the server's message, nothing stored.
    await dialog.getByLabel('Quote amount ($)').fill('650');
    await dialog.getByRole('button', { name: 'Submit Quote' }).click();
    await expect.poll(() => dialog.getByText('Maximum quote is 600.00').isVisible(), { timeout: 15_000 }).toBe(true);

    await dialog.getByLabel('Quote amount ($)').fill('540.00');
    await dialog.getByLabel('Part condition').fill('Rebuilt, new seals');
    await dialog.getByLabel('Part location').fill('Briarcliff Manor, NY');
    await dialog.getByLabel('Shipping estimate ($)').fill('45.00');
    await dialog.getByLabel('Notes').fill('Both calipers rebuilt last month, pistons re-sleeved in stainless.');
    await dialog.getByLabel('Upload photos').setInputFiles([
      { name: 'calipers.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', { r: 120, g: 120, b: 130 }) },
    ]);
    await expect.poll(() => dialog.getByRole('list', { name: 'Selected photos' }).getByRole('listitem').count()).toBe(1);
    await expect.poll(() => dialog.getByText(/Uploading\.\.\./).count(), { timeout: 20_000 }).toBe(0);
    await dialog.getByLabel('Alt text for photo 1').fill('Both rear calipers, rebuilt');
    await dialog.getByRole('button', { name: 'Submit Quote' }).click();

    await expect.poll(() => page.getByText('Quote Submitted').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const quotes = page.getByRole('list', { name: 'Quotes' });
    await expect.poll(() => quotes.getByText('$540.00').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await quotes.getByText('(your quote)').isVisible()).toBe(true);
    expect(await quotes.getByRole('img', { name: 'Both rear calipers, rebuilt' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Current best quote').locator('..').getByText('$540.00').isVisible()).toBe(true);

    const stored = await callOk<RequestAnswer>(quoterUser.cookie, 'GET', `/api/reverse-auctions/${requestId}`);
    expect(stored).toMatchObject({ status: 'active', totalBids: 1, currentLowestBid: '540.00' });
    await page.context().close();
  }, 120_000);

  it("lets the buyer weigh the quote in full and award it, which ends the request", async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username);
    await page.goto(`/reverse-auctions/${requestId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: LIVE_TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The buyer sees the seller and every detail of the quote.
    const quote = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: '$540.00' });
    await expect.poll(() => quote.getByText(BUSINESS).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await quote.getByText(/Rebuilt, new seals/).isVisible()).toBe(true);
    expect(await quote.getByText(/pistons re-sleeved in stainless/).isVisible()).toBe(true);
    expect(await quote.getByRole('img', { name: 'Both rear calipers, rebuilt' }).isVisible()).toBe(true);
    // A buyer does not quote on their own request.
    expect(await page.getByRole('button', { name: 'Submit Quote' }).count()).toBe(0);

    await quote.getByRole('button', { name: 'Award', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText(`You accept ${BUSINESS}'s quote of $540.00.`, { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Award Quote' }).click();

    await expect.poll(() => page.getByText('Quote Accepted').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => quote.getByText('Winning quote').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('Awarded', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('reverse-status').textContent()).toBe('Ended');
    expect(await page.getByRole('button', { name: 'Award', exact: true }).count()).toBe(0);
    // Ended early by the award, it shows no time remaining any more (issue 34), only when it ended.
    const clock = page.getByTestId('reverse-clock');
    await expect.poll(() => clock.getByText('Ended', { exact: true }).isVisible()).toBe(true);
    expect(await clock.textContent()).not.toMatch(/\d+[dhms]\b/);
    expect(await clock.getByText(/^Ended [A-Z][a-z]{2} \d/).isVisible()).toBe(true);

    const awarded = await callOk<RequestAnswer>(buyerUser.cookie, 'GET', `/api/reverse-auctions/${requestId}`);
    expect(awarded).toMatchObject({ status: 'ended', awardStatus: 'awarded', winningBidderId: quoterUser.id });
    await page.context().close();
  }, 120_000);
});
