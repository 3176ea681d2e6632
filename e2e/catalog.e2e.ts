import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.js';
import {
  admin,
  adminSession,
  apiSession,
  call,
  createListedPart,
  figureOf,
  makeApprovedSeller,
  PASSWORD,
  photo,
  registerVerified,
  signIn,
} from './helpers.js';

const browser = useBrowser();

const seller = { username: 'e2e_seller', email: 'e2e-seller@example.com', firstName: 'Ferdinand', lastName: 'Piech' };
const shopper = { username: 'e2e_shopper', email: 'e2e-shopper@example.com', firstName: 'Vic', lastName: 'Elford' };
const TITLE = 'Porsche 911 clutch kit';

beforeAll(async () => {
  await registerVerified(seller);
  await registerVerified(shopper);
  await makeApprovedSeller(seller.username, {
    businessName: 'Piech Classic Parts',
    businessType: 'dealership',
    contactPhone: '(404) 555-0100',
    businessAddress: '1 Porsche Drive',
    businessCity: 'Atlanta',
    businessState: 'GA',
    businessZip: '30354',
    description: 'Air-cooled Porsche parts',
    specialties: ['Porsche'],
  });
});

describe('the sell page', () => {
  it('asks signed-out visitors to sign in', async () => {
    const page = await browser.newPage();
    await page.goto('/sell');
    await expect.poll(() => page.getByText('Please sign in to create listings.').isVisible()).toBe(true);
    const signInLink = page.getByRole('main').getByRole('link', { name: 'Sign In' });
    expect(await signInLink.getAttribute('href')).toMatch(/^\/api\/login/);
    await page.context().close();
  });

  it('sends buyers to the seller application', async () => {
    const page = await browser.newPage();
    await signIn(page, shopper.username, PASSWORD);
    await page.goto('/sell');
    await expect.poll(() => page.getByText('Seller Account Required').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Become a Seller' }).getAttribute('href')).toBe('/register-seller');
    await page.context().close();
  });
});

describe('a listing from the sell page to a buyer watchlist', () => {
  let partId = '';

  it('is listed by a seller with two photos and lands on its page', async () => {
    const page = await browser.newPage();
    await signIn(page, seller.username, PASSWORD);
    await page.goto('/sell');
    await page.getByRole('button', { name: /Marketplace Listing/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'List Your Part' }).isVisible()).toBe(true);

    // The required fields are marked before anything is sent (issue 34), the optional ones say so.
    expect(await page.getByText('Fields marked * are required.').isVisible()).toBe(true);
    for (const label of ['Title', 'Price (USD)', 'Location', 'Description']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('required'), label).not.toBeNull();
    }
    for (const name of ['Category', 'Condition', 'Make']) {
      expect(await page.getByRole('combobox', { name }).getAttribute('required'), name).not.toBeNull();
    }
    expect(await page.getByLabel('Part Number').getAttribute('required')).toBeNull();
    expect(await page.getByText('Each photo needs alt text', { exact: false }).isVisible()).toBe(true);

    // Submitting without photos is refused with the spec's toast.
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await expect.poll(() => page.getByRole('combobox', { name: 'Category' }).isEnabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('drivetrain');
    await page.getByRole('combobox', { name: 'Condition' }).selectOption('new-in-box');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('porsche');
    await page.getByLabel('Model').first().fill('911');
    await page.getByLabel('Year From').fill('1972');
    await page.getByLabel('Year To').fill('1986');
    await page.getByLabel('Part Number').fill('915-116-011');
    await page.getByLabel('Price (USD)').fill('899.99');
    await page.getByLabel('Location', { exact: true }).fill('Atlanta, GA');
    await page.getByLabel('Description').fill('Sachs clutch kit for the 915 gearbox: disc, pressure plate and release bearing.');
    await page.getByRole('button', { name: 'List Part' }).click();
    await expect.poll(() => page.getByText('Images Required').first().isVisible()).toBe(true);

    await page.getByLabel('Upload photos').setInputFiles([
      { name: 'kit.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', { r: 200, g: 16, b: 46 }) },
      { name: 'disc.png', mimeType: 'image/png', buffer: await photo('png', { r: 30, g: 34, b: 38 }) },
    ]);
    const photos = page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
    await expect.poll(() => photos.count()).toBe(2);
    await expect.poll(() => page.getByText(/Uploading\.\.\./).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => photos.first().getByText('Primary', { exact: true }).isVisible()).toBe(true);

    // The alt text is marked required under each photo; sent blank, the fields say so beside the toast.
    expect(await page.getByLabel('Alt text for photo 1').getAttribute('required')).not.toBeNull();
    expect(await photos.first().getByText('Required: what the photo shows.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'List Part' }).click();
    await expect.poll(() => page.getByText('Alt Text Required').first().isVisible()).toBe(true);
    await expect.poll(() => photos.nth(1).getByText('Alt text is required for accessibility').isVisible()).toBe(true);

    await page.getByLabel('Alt text for photo 1').fill('Clutch kit parts laid out on a bench');
    await page.getByLabel('Alt text for photo 2').fill('Clutch disc friction side');

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const vehicle = page.getByRole('group', { name: 'Vehicle 1' });
    // A new vehicle starts with the part's own years, and its make comes from the same list as the part's.
    expect(await vehicle.getByLabel('Year Start').inputValue()).toBe('1972');
    expect(await vehicle.getByLabel('Year End').inputValue()).toBe('1986');
    const vehicleMake = vehicle.getByRole('combobox', { name: 'Make' });
    expect(await vehicleMake.getAttribute('required')).not.toBeNull();
    expect(await vehicleMake.locator('option', { hasText: 'Porsche' }).count()).toBe(1);
    await vehicleMake.selectOption('Porsche');
    await vehicle.getByLabel('Model').fill('911 Carrera');
    await vehicle.getByLabel('Year Start').fill('1984');
    await vehicle.getByLabel('Year End').fill('1986');

    await page.getByRole('button', { name: 'List Part' }).click();
    await page.waitForURL(/\/parts\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    partId = new URL(page.url()).pathname.split('/').pop()!;
    // The listing waits for review, so the toast does not say it was added to the marketplace (issue 34).
    expect(await page.getByText('Part submitted for review').first().isVisible()).toBe(true);
    expect(await page.getByText('Your part has been added to the marketplace.').count()).toBe(0);
    // Its seller is told that buyers will see it once it is approved.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'This listing is waiting for review.' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.context().close();

    const { cookie } = await adminSession();
    const stored = (await (await call(cookie, 'GET', `/api/admin/parts/${partId}`)).json()) as {
      title: string;
      isApproved: boolean;
      images: { altText: string; isPrimary: boolean; url: string }[];
      vehicleCompatibility: { make: string; model: string }[];
    };
    expect(stored).toMatchObject({ title: TITLE, isApproved: false });
    expect(stored.images.map((i) => [i.altText, i.isPrimary])).toEqual([
      ['Clutch kit parts laid out on a bench', true],
      ['Clutch disc friction side', false],
    ]);
    expect(stored.images.every((i) => i.url.startsWith('/api/uploads/files/'))).toBe(true);
    expect(stored.vehicleCompatibility).toEqual([expect.objectContaining({ make: 'Porsche', model: '911 Carrera' })]);
  }, 120_000);

  it('is approved by an admin in the console Listings screen', async () => {
    expect(partId).not.toBe('');
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    // The dashboard counts the listing as waiting for review, and its card opens the review queue.
    await page.goto('/admin');
    const queue = page.getByRole('link', { name: /^Listings pending review/ });
    await expect.poll(() => figureOf(queue), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await queue.click();
    await page.waitForURL(/\/admin\/parts/);
    const card = page.getByRole('article', { name: TITLE });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText('new in box').isVisible()).toBe(true);
    expect(await card.getByText('$899.99').isVisible()).toBe(true);
    await card.getByRole('button', { name: `Approve ${TITLE}` }).click();
    await expect.poll(() => page.getByText('Part Approved').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: TITLE }).count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it('is found by a buyer despite a misspelling, watched, and shown on the watchlist', async () => {
    expect(partId).not.toBe('');
    const page = await browser.newPage();
    await signIn(page, shopper.username, PASSWORD);
    const search = page.locator('header').getByRole('searchbox', { name: 'Search parts' }).first();
    await search.fill('porshe 911 clutch');
    await search.press('Enter');
    await page.waitForURL(/\/search\?q=porshe/);
    await expect.poll(() => page.getByText(/\d+ parts? found/).first().isVisible(), { timeout: 15_000 }).toBe(true);
    // Each page names itself in the browser tab.
    await expect.poll(() => page.title()).toBe('Search results for "porshe 911 clutch" | Pitlane');

    await page.locator(`a[href="/parts/${partId}"]`).first().click();
    await page.waitForURL(`**/parts/${partId}`);
    await expect.poll(() => page.getByRole('heading', { name: TITLE }).first().isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(`${TITLE} | Pitlane`);
    // Approved and public: no notice for the buyer.
    expect(await page.getByText('This listing is waiting for review.').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expect.poll(() => page.getByText('In Watchlist').first().isVisible()).toBe(true);

    await page.goto('/watchlist');
    await expect.poll(() => page.getByText(TITLE).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.title()).toBe('My Watchlist | Pitlane');
    // Back on the home page (a navigation inside the app), the site's own title returns.
    await page.getByRole('link', { name: 'Pitlane home' }).click();
    await expect.poll(() => page.title()).toBe('Pitlane — Classic & Race Car Parts Marketplace');
    // The card shows the listing's primary photo, loaded (its thumbnail has a width).
    const cardPhoto = page.getByRole('article').filter({ hasText: TITLE }).getByRole('img', { name: 'Clutch kit parts laid out on a bench' });
    await expect.poll(() => cardPhoto.evaluate((img) => {
      const loaded = img as unknown as { complete: boolean; naturalWidth: number };
      return loaded.complete && loaded.naturalWidth > 0;
    })).toBe(true);
    await page.context().close();
  }, 90_000);
});

describe('a listing whose photo cannot be loaded', () => {
  it('shows the no-photo placeholder instead of a broken image, in results and on its page', async () => {
    const title = 'Solex 40 PII carburetor body';
    // A well-formed upload address with no file behind it, as after an upload was removed from disk.
    const gone = `/api/uploads/files/${'0'.repeat(32)}.jpg`;
    const partId = await createListedPart(
      await apiSession(seller.username),
      {
        title,
        description: 'Bare body, bores clean, throttle shaft without play.',
        price: '145.00',
        category: 'intake',
        make: 'porsche',
        condition: 'used-good',
        location: 'Atlanta, GA',
      },
      gone,
    );
    const page = await browser.newPage();
    const brokenPhoto = () => page.getByRole('img', { name: `${title} photo` }).count();

    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect.poll(() => card.getByText('No photo', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await brokenPhoto()).toBe(0);

    await page.goto(`/parts/${partId}`);
    await expect.poll(() => page.getByRole('heading', { name: title }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('main').getByText('No photo', { exact: true }).count()).toBe(1);
    expect(await brokenPhoto()).toBe(0);
    await page.context().close();
  }, 90_000);
});

describe('the order of search results', () => {
  it('follows the "Sort by" select, which the address keeps', async () => {
    const sellerUser = await apiSession(seller.username);
    const listing = { description: 'Twin-choke downdraught, bodies only.', category: 'intake', make: 'porsche', condition: 'used-good', location: 'Atlanta, GA' };
    // The cheaper one is listed first, so that newest first (the order between equal matches) puts it second.
    await createListedPart(sellerUser, { ...listing, title: 'Zenith 36 NDIX carburetor, late', price: '95.00' });
    await createListedPart(sellerUser, { ...listing, title: 'Zenith 36 NDIX carburetor, early', price: '410.00' });

    const page = await browser.newPage();
    await page.goto('/search?q=ndix');
    const firstTitle = () => page.getByRole('article').first().getByRole('heading').textContent();
    await expect.poll(() => page.getByText('2 parts found').isVisible(), { timeout: 15_000 }).toBe(true);
    const sortBy = page.getByLabel('Sort by');
    expect(await sortBy.inputValue()).toBe('relevance');
    await expect.poll(firstTitle).toBe('Zenith 36 NDIX carburetor, early');

    await sortBy.selectOption({ label: 'Price: Low to High' });
    await page.waitForURL(/[?&]sort=price_asc/);
    await expect.poll(firstTitle).toBe('Zenith 36 NDIX carburetor, late');

    await sortBy.selectOption({ label: 'Price: High to Low' });
    await page.waitForURL(/[?&]sort=price_desc/);
    await expect.poll(firstTitle).toBe('Zenith 36 NDIX carburetor, early');

    // The order is part of the address: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByLabel('Sort by').inputValue(), { timeout: 15_000 }).toBe('price_desc');
    await expect.poll(firstTitle).toBe('Zenith 36 NDIX carburetor, early');
    await page.context().close();
  }, 90_000);
});

describe("the home page's popular searches", () => {
  it('lead a signed-out visitor to parts from every link, though no title says "parts", "classic" or "vintage"', async () => {
    const sellerUser = await apiSession(seller.username);
    const listing = { description: 'Straight, clean, ready to fit.', price: '250.00', condition: 'used-good', location: 'Atlanta, GA' };
    const stock = [
      { link: 'Porsche 911 Parts', title: 'Porsche 911 SC front oil cooler', category: 'engine', make: 'porsche' },
      { link: 'Ferrari Engine Parts', title: 'Ferrari 308 camshaft pair', category: 'engine', make: 'ferrari' },
      { link: 'Classic Mustang', title: '1966 Mustang grille bars', category: 'body', make: 'ford' },
      { link: 'Vintage BMW', title: '2002 tii chrome front bumper', category: 'body', make: 'bmw' },
    ];
    for (const part of stock) await createListedPart(sellerUser, { ...listing, title: part.title, category: part.category, make: part.make });

    const page = await browser.newPage();
    for (const { link, title } of stock) {
      await page.goto('/');
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === link);
      await expect.poll(() => page.getByRole('article').filter({ hasText: title }).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByText(/^[1-9]\d* parts? found$/).isVisible()).toBe(true);
      // Spelt right, so not "corrected" into something else.
      expect(await page.getByText('Showing results for').count()).toBe(0);
    }
    await page.context().close();
  }, 120_000);
});
