import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, verificationLinkFor } from './browser.js';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
let browser: Browser;

const PASSWORD = 'a very good password';
const seller = { username: 'e2e_seller', email: 'e2e-seller@example.com', firstName: 'Ferdinand', lastName: 'Piech' };
const shopper = { username: 'e2e_shopper', email: 'e2e-shopper@example.com', firstName: 'Vic', lastName: 'Elford' };
const TITLE = 'Porsche 911 clutch kit';

beforeAll(async () => {
  browser = await launchBrowser();
  await registerVerified(seller);
  await registerVerified(shopper);
  await makeSeller(seller.username);
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The session cookie of a user signed in through the API. */
async function apiSession(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Registers a buyer through the API and follows the emailed verification link. */
async function registerVerified(user: { username: string; email: string; firstName: string; lastName: string }) {
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, password: PASSWORD, country: 'USA' }),
  });
  if (res.status !== 201) throw new Error(`registration of ${user.username} failed: ${res.status} ${await res.text()}`);
  const link = await verificationLinkFor(baseUrl, admin, user.email);
  const token = new URL(link).searchParams.get('token');
  const verified = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!verified.ok) throw new Error(`verification of ${user.username} failed: ${verified.status}`);
}

/**
 * Makes the user a seller the way the product does: a seller application (POST /api/sellers) approved by
 * the admin (PATCH /api/sellers/{id}), which grants the seller role. Without the sellers API the admin
 * sets the seller role in the console's users resource instead.
 */
async function makeSeller(username: string) {
  const adminCookie = await apiSession(admin.username, admin.password);
  const sellerCookie = await apiSession(username, PASSWORD);
  const application = await call(sellerCookie, 'POST', '/api/sellers', {
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
  if (application.status === 201) {
    const { id } = (await application.json()) as { id: string };
    const approved = await call(adminCookie, 'PATCH', `/api/sellers/${id}`, { status: 'approved' });
    if (!approved.ok) throw new Error(`approving the seller failed: ${approved.status} ${await approved.text()}`);
    return;
  }
  if (application.status !== 404) {
    throw new Error(`the seller application failed: ${application.status} ${await application.text()}`);
  }
  const users = (await (
    await call(adminCookie, 'GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`)
  ).json()) as { id: string; username: string }[];
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  const promoted = await call(adminCookie, 'PUT', `/api/admin/users/${user.id}`, { role: 'seller' });
  if (!promoted.ok) throw new Error(`promoting ${username} failed: ${promoted.status} ${await promoted.text()}`);
}

async function photo(format: 'jpeg' | 'png', colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } });
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

describe('the sell page', () => {
  it('asks signed-out visitors to sign in', async () => {
    const page = await newPage();
    await page.goto('/sell');
    await expect.poll(() => page.getByText('Please sign in to create listings.').isVisible()).toBe(true);
    const signInLink = page.getByRole('main').getByRole('link', { name: 'Sign In' });
    expect(await signInLink.getAttribute('href')).toMatch(/^\/api\/login/);
    await page.context().close();
  });

  it('sends buyers to the seller application', async () => {
    const page = await newPage();
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
    const page = await newPage();
    await signIn(page, seller.username, PASSWORD);
    await page.goto('/sell');
    await page.getByRole('button', { name: /Marketplace Listing/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'List Your Part' }).isVisible()).toBe(true);

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

    await page.getByLabel('Alt text for photo 1').fill('Clutch kit parts laid out on a bench');
    await page.getByLabel('Alt text for photo 2').fill('Clutch disc friction side');

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const vehicle = page.getByRole('group', { name: 'Vehicle 1' });
    await vehicle.getByLabel('Make').fill('Porsche');
    await vehicle.getByLabel('Model').fill('911 Carrera');
    await vehicle.getByLabel('Year Start').fill('1984');
    await vehicle.getByLabel('Year End').fill('1986');

    await page.getByRole('button', { name: 'List Part' }).click();
    await page.waitForURL(/\/parts\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    partId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByText('Part listed successfully!').first().isVisible()).toBe(true);
    await page.context().close();

    const cookie = await apiSession(admin.username, admin.password);
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
    const page = await newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/parts');
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
    const page = await newPage();
    await signIn(page, shopper.username, PASSWORD);
    const search = page.locator('header').getByRole('searchbox', { name: 'Search parts' }).first();
    await search.fill('porshe 911 clutch');
    await search.press('Enter');
    await page.waitForURL(/\/search\?q=porshe/);
    await expect.poll(() => page.getByText(/\d+ parts? found/).first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.locator(`a[href="/parts/${partId}"]`).first().click();
    await page.waitForURL(`**/parts/${partId}`);
    await expect.poll(() => page.getByRole('heading', { name: TITLE }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expect.poll(() => page.getByText('In Watchlist').first().isVisible()).toBe(true);

    await page.goto('/watchlist');
    await expect.poll(() => page.getByText(TITLE).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 90_000);
});
