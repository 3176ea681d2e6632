import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { adminSession, baseUrl, callOk, signIn, socketSubscribed, uploadPhoto, type SignedInUser } from './helpers.js';

/** Issue 20's notification centre: the header bell counts live, opens the item, marks read; on a phone too. */

const browser = useBrowser();

const seller = { username: 'e2e_bell_seller', email: 'e2e-bell-seller@example.com', firstName: 'Jo', lastName: 'Siffert' };
const TITLE = 'Smiths chronometric tachometer';

let sellerUser: SignedInUser;


const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const bellLabel = async (page: Page) => (await bell(page).getAttribute('aria-label')) ?? '';

beforeAll(async () => {
  // The admin's approval of the application is the seller's first notification.
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Jo Siffert Instruments',
    businessType: 'individual',
    contactPhone: '(414) 555-0177',
    businessAddress: '12 Gauge Street',
    businessCity: 'Racine',
    businessState: 'WI',
    businessZip: '53403',
    specialties: ['Electrical'],
  });
});

describe('notification centre', () => {
  it('counts a listing approval live on the bell; clicking it marks it read and opens the part', async () => {
    const page = await browser.newPage();
    const subscribed = socketSubscribed(page, 'notifications_subscribed', 'the notifications socket');
    await signIn(page, seller.username);
    await subscribed;
    await expect.poll(() => bellLabel(page), { timeout: 20_000 }).toBe('Notifications, 1 unread');

    // A listing that waits for review (new sellers' listings do), approved by the admin while the page is open.
    const url = await uploadPhoto(sellerUser.cookie);
    const part = await callOk<{ id: string; isApproved: boolean }>(sellerUser.cookie, 'POST', '/api/parts', {
      title: TITLE,
      description: 'A Smiths chronometric tachometer, rebuilt and calibrated, with a new glass and bezel seal.',
      price: '380.00',
      category: 'electrical',
      make: 'jaguar',
      condition: 'rebuilt',
      location: 'Racine, WI',
      images: [{ url, altText: `${TITLE} photo`, isPrimary: true }],
    });
    expect(part.isApproved).toBe(false);
    const adminUser = await adminSession();
    await callOk(adminUser.cookie, 'PATCH', `/api/parts/${part.id}/approve`, {});
    await expect.poll(() => bellLabel(page), { timeout: 20_000 }).toBe('Notifications, 2 unread');

    await bell(page).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    const items = dropdown.getByRole('list', { name: 'Latest notifications' }).getByRole('button');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    const approved = items.filter({ hasText: 'Listing approved' });
    expect(await approved.textContent()).toContain(`"${TITLE}" is now live.`);
    expect(await approved.textContent()).toMatch(/just now|minute/);
    await approved.click();
    await page.waitForURL(`${baseUrl}/parts/${part.id}`);
    await expect.poll(() => bellLabel(page), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    const feed = await callOk<Array<{ relatedItemId: string | null; isRead: boolean }>>(sellerUser.cookie, 'GET', '/api/notifications/me?limit=10');
    expect(feed.find((n) => n.relatedItemId === part.id)?.isRead).toBe(true);

    // Mark all read empties the count; the items stay listed, read.
    await bell(page).click();
    await dropdown.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellLabel(page), { timeout: 10_000 }).toBe('Notifications, 0 unread');
    expect(await dropdown.getByText('Seller application approved').isVisible()).toBe(true);
    await page.context().close();
  });

  it('works on a phone: the bell sits in the header and View all leads to the full list', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, seller.username);
    await expect.poll(() => bellLabel(page), { timeout: 20_000 }).toBe('Notifications, 0 unread');
    await bell(page).click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await expect.poll(() => dropdown.getByText('Listing approved').isVisible(), { timeout: 10_000 }).toBe(true);
    const box = await dropdown.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dropdown.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL(`${baseUrl}/notifications`);
    await expect.poll(() => page.getByRole('list', { name: 'All notifications' }).getByText('Listing approved').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });
});
