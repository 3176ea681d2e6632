import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import {
  admin,
  apiSession,
  applyToSell,
  baseUrl,
  callOk,
  createListedPart,
  figureOf,
  mailTo,
  registerVerified,
  signIn,
} from './helpers.js';

const browser = useBrowser();

const applicant = { username: 'e2e_applicant', email: 'e2e-applicant@example.com', firstName: 'Jackie', lastName: 'Stewart' };
const refused = { username: 'e2e_refused', email: 'e2e-refused@example.com', firstName: 'Bernie', lastName: 'Shady' };
const BUSINESS = 'Stewart Vintage Racing Parts';
const REFUSED_BUSINESS = 'Shady Bernie Spares';
const REASON = 'We could not verify the business address you gave.';

beforeAll(async () => {
  await registerVerified(applicant);
  await registerVerified(refused);
  await applyToSell(refused.username, {
    businessName: REFUSED_BUSINESS,
    businessType: 'individual',
    contactPhone: '(312) 555-0199',
    businessAddress: '99 Nowhere Lane',
    businessCity: 'Chicago',
    businessState: 'IL',
    businessZip: '60601',
  });
});

/** Signs the admin in on /login and opens the console's Sellers screen from the menu. */
async function openSellersScreen(): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, admin.username, admin.password);
  await page.goto('/admin');
  // The dashboard counts the application among the pending ones.
  const pending = page.getByRole('link', { name: /^Pending applications/ });
  await expect.poll(() => figureOf(pending), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const menuLink = page.getByRole('menuitem', { name: 'Sellers', exact: true });
  await expect.poll(() => menuLink.isVisible(), { timeout: 15_000 }).toBe(true);
  await menuLink.click();
  await page.waitForURL(/\/admin\/sellers/);
  return page;
}

describe('a seller application from the form to a live storefront', () => {
  it('is sent by a signed-in buyer on /register-seller', async () => {
    const page = await browser.newPage();
    await signIn(page, applicant.username);
    await page.goto('/register-seller');
    await expect.poll(() => page.getByRole('form', { name: 'Seller application' }).isVisible()).toBe(true);

    // Without the acceptances the form is refused on the spot.
    await page.getByLabel('Business Name').fill(BUSINESS);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect
      .poll(() => page.getByText('You must accept the Terms of Service to register as a seller').isVisible())
      .toBe(true);

    await page.getByLabel('Business Type').selectOption('business');
    await page.getByLabel('Years in Business').fill('12');
    await page.getByLabel('Website').fill('stewart-vintage.example.com');
    await page.getByLabel('Description', { exact: true }).fill('Period-correct parts for 1960s single-seaters and sports racers.');
    await page.getByLabel('Business Address').fill('1 Racing Line');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    await page.getByLabel('State', { exact: true }).selectOption('TX');
    await page.getByLabel('ZIP Code').fill('78701');
    await page.getByLabel('Contact Phone').fill('(512) 555-0142');
    await page.getByLabel('Add a specialty').fill('Lotus');
    await page.getByLabel('Add a specialty').press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Remove Lotus' }).isVisible()).toBe(true);
    await page.getByLabel(/^I accept the Privacy Policy/).check();
    await page.getByLabel(/^I accept the Terms of Service/).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect.poll(() => page.getByText('Application Submitted').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${baseUrl}/`);

    const user = await apiSession(applicant.username);
    const seller = await callOk<{ status: string; businessName: string; businessState: string; specialties: string[] }>(
      user.cookie,
      'GET',
      `/api/sellers/by-user/${user.id}`,
    );
    expect(seller).toMatchObject({ status: 'pending', businessName: BUSINESS, businessState: 'TX', specialties: ['Lotus'] });
    await page.context().close();
  }, 90_000);

  it('is approved by an admin in the console Sellers screen', async () => {
    const page = await openSellersScreen();
    const card = page.getByRole('article', { name: BUSINESS });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText('Austin, TX').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Approve' }).click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Approve ${BUSINESS}?`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText('Seller Approved').first().isVisible()).toBe(true);
    // The pending tab no longer holds the application.
    await expect.poll(() => page.getByRole('article', { name: BUSINESS }).count()).toBe(0);
    await page.context().close();

    await mailTo(applicant.email, (m) => m.subject.includes('is approved'));
  }, 90_000);

  it('gives the new seller a dashboard and a public storefront', async () => {
    const page = await browser.newPage();
    await signIn(page, applicant.username);
    await page.goto('/seller-dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: `Welcome back, ${BUSINESS}` }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByLabel('Account status').getByText('Account Status').isVisible()).toBe(true);

    const storefrontLink = page.getByRole('link', { name: 'your storefront' });
    await expect.poll(() => storefrontLink.isVisible(), { timeout: 15_000 }).toBe(true);
    const href = await storefrontLink.getAttribute('href');
    expect(href).toMatch(/^\/storefront\/[a-z0-9-]+$/);

    const user = await apiSession(applicant.username);
    const seller = await callOk<{ id: string }>(user.cookie, 'GET', `/api/sellers/by-user/${user.id}`);
    const storefront = await callOk<{ slug: string; displayName: string }>(user.cookie, 'GET', `/api/sellers/${seller.id}/storefront`);
    expect(storefront.displayName).toBe(BUSINESS);
    expect(href).toBe(`/storefront/${storefront.slug}`);

    await storefrontLink.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: BUSINESS }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();

    // The storefront is public: a signed-out visitor sees it too.
    const visitor = await browser.newPage();
    await visitor.goto(href!);
    await expect.poll(() => visitor.getByRole('heading', { level: 1, name: BUSINESS }).isVisible(), { timeout: 15_000 }).toBe(true);
    await visitor.context().close();
  }, 90_000);
});

describe('a refused seller application', () => {
  it('is rejected by an admin with a reason, which is emailed to the applicant', async () => {
    const page = await openSellersScreen();
    const card = page.getByRole('article', { name: REFUSED_BUSINESS });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    await card.getByRole('button', { name: 'Reject' }).click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Reject ${REFUSED_BUSINESS}?`).isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Reject' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Rejection reason/).fill(REASON);
    await confirm.click();
    await expect.poll(() => page.getByText('Seller Rejected').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: REFUSED_BUSINESS }).count()).toBe(0);

    // The Rejected tab shows the application with its reason.
    await page.getByRole('tab', { name: /^Rejected/ }).click();
    const rejected = page.getByRole('article', { name: REFUSED_BUSINESS });
    await expect.poll(() => rejected.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await rejected.getByText(REASON).isVisible()).toBe(true);
    await page.context().close();

    const mail = await mailTo(refused.email, (m) => m.subject.includes('was not approved'));
    expect(mail.subject).toContain(REFUSED_BUSINESS);
    expect(mail.text).toContain(REASON);

    const user = await apiSession(refused.username);
    const seller = await callOk<{ status: string; rejectionReason: string }>(user.cookie, 'GET', `/api/sellers/by-user/${user.id}`);
    expect(seller).toMatchObject({ status: 'rejected', rejectionReason: REASON });
  }, 90_000);
});

describe('a seller managing a listing from My Listings (issue 17)', () => {
  const owner = { username: 'e2e_lister', email: 'e2e-lister@example.com', firstName: 'Graham', lastName: 'Hill' };
  const TITLE = 'Hewland FT200 gearbox casing';
  let partId = '';

  beforeAll(async () => {
    const ownerUser = await registerApprovedSeller(owner, {
      businessName: 'Hill Historic Spares',
      businessType: 'individual',
      contactPhone: '(317) 555-0188',
      businessAddress: '5 Pit Lane',
      businessCity: 'Indianapolis',
      businessState: 'IN',
      businessZip: '46222',
    });
    partId = await createListedPart(ownerUser, {
      title: TITLE,
      description: 'Magnesium casing from a Formula Ford, crack tested.',
      price: '1850.00',
      category: 'drivetrain',
      make: 'ford',
      condition: 'used-good',
      location: 'Indianapolis, IN',
      partNumber: 'FT200-C',
    });
  });

  it('edits the price from My Listings and sees the new price on the part page, still live', async () => {
    const page = await browser.newPage();
    await signIn(page, owner.username);
    await page.goto('/seller-dashboard');
    await expect.poll(() => page.getByRole('link', { name: 'My Listings', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'My Listings', exact: true }).click();
    await page.waitForURL(/\/my-listings$/);

    // Search narrows the list to the listing.
    const search = page.getByRole('search', { name: 'Search your listings' });
    await search.getByRole('searchbox').fill('FT200');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/my-listings\?q=FT200$/);
    const row = page.getByRole('listitem', { name: TITLE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.getByText('Live', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('$1,850.00').isVisible()).toBe(true);

    await row.getByRole('link', { name: `Edit ${TITLE}` }).click();
    await page.waitForURL(new RegExp(`/my-listings/${partId}/edit$`));
    const form = page.getByRole('form', { name: 'Edit listing' });
    await expect.poll(() => form.isVisible(), { timeout: 15_000 }).toBe(true);
    const price = form.getByLabel('Price (USD)');
    expect(await price.inputValue()).toBe('1850.00');
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    await price.fill('1725');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await page.waitForURL(`${baseUrl}/parts/${partId}`, { timeout: 15_000 });
    await expect.poll(() => page.getByText('$1,725', { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('Listing updated').first().isVisible()).toBe(true);

    // A price-only edit keeps the listing live: buyers see the new price too.
    const res = await fetch(`${baseUrl}/api/parts/${partId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: '1725.00', isApproved: true, isActive: true });

    await page.goto('/my-listings?status=live');
    const liveRow = page.getByRole('listitem', { name: TITLE });
    await expect.poll(() => liveRow.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await liveRow.getByText('$1,725.00').isVisible()).toBe(true);
    await page.context().close();
  }, 90_000);
});
