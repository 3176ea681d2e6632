import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verificationLinkFor } from './browser.js';
import { useBrowser } from './fixtures.js';
import { admin, adminSession, apiSession, baseUrl, call, callOk, mailTo, PASSWORD, pollUntil, registerVerified, signIn } from './helpers.js';

const browser = useBrowser();

/** Collects what the page reports as Content-Security-Policy violations (Chromium logs each one to the console). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe('a signed-out visitor', () => {
  it("opens the home page with no console error but the browser's note of the current user's 401", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium notes every 4xx response; /api/auth/user answers 401 to a visitor by contract (spec 000 §1).
      const signedOutLookup = message.location().url.endsWith('/api/auth/user') && /\b401\b/.test(message.text());
      // A listing photo missing on disk (another journey makes one) is shown as the no-photo placeholder.
      const missingPhoto = message.location().url.includes('/api/uploads/files/') && /\b404\b/.test(message.text());
      if (!signedOutLookup && !missingPhoto) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const userLookups: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/user') userLookups.push(response.status());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('header').getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    // Asked once, not retried.
    expect(userLookups).toEqual([401]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens a page whose code loads on demand with no warning from the router (its HydrateFallback)", async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/faq');
    await expect.poll(() => page.getByRole('heading', { name: 'Frequently Asked Questions' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(warnings).toEqual([]);
    await page.context().close();
  });
});

const buyer = {
  username: 'e2e_buyer',
  email: 'e2e-buyer@example.com',
  password: 'a very good password',
  firstName: 'Grace',
  lastName: 'Hopper',
};

describe('a buyer', () => {
  it('registers, follows the emailed link, signs in, sees their name and signs out', async () => {
    const page = await browser.newPage();
    const violations = cspViolations(page);
    await page.goto('/register-buyer');
    await page.getByLabel('Username').fill(buyer.username);
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByLabel('Confirm Password').fill(buyer.password);
    await page.getByLabel('First Name').fill(buyer.firstName);
    await page.getByLabel('Last Name').fill(buyer.lastName);
    await page.getByLabel(/^I accept the Privacy Policy/).check();
    await page.getByLabel(/^I accept the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    expect(await page.getByText(buyer.email).first().isVisible()).toBe(true);

    const link = await verificationLinkFor(baseUrl, admin, buyer.email);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Email Verified' }).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');

    await signIn(page, buyer.username, buyer.password);
    const header = page.locator('header');
    await expect.poll(() => header.getByText('Grace Hopper').first().isVisible()).toBe(true);

    // The header may still be settling right after sign-in and close a menu opened in that moment: reopen it
    // (only when it is closed, since a click on the trigger of an open menu closes it) and try again.
    await pollUntil(
      'the sign-out from the user menu',
      async () => {
        const trigger = header.getByTestId('user-menu').first();
        if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
        return page
          .getByRole('menuitem', { name: 'Sign Out' })
          .click({ timeout: 2_000 })
          .then(() => true, () => false);
      },
      15_000,
      0,
    );
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => header.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    expect(await header.getByText('Grace Hopper').count()).toBe(0);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('is not signed out by a link to /api/logout on another site, only by the button of the page it gets', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username, buyer.password);
    await page.route('http://elsewhere.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a href="${baseUrl}/api/logout">Win a prize</a>` }),
    );
    await page.goto('http://elsewhere.example/');
    await page.getByRole('link', { name: 'Win a prize' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign out of Pitlane?' }).isVisible()).toBe(true);
    expect((await page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect((await page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    await page.context().close();
  });

  it('is refused by the admin console', async () => {
    const page = await browser.newPage();
    await signIn(page, buyer.username, buyer.password);
    await page.goto('/admin');
    await expect.poll(() => page.getByText('Access Denied').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText("You don't have permission to perform this action.").first().isVisible()).toBe(true);
    expect(await page.getByText('e2e-admin@example.com').count()).toBe(0);
    await page.context().close();
  });

  it('sees the 404 card, with a search box and a way home, on an unknown page that answers 404', async () => {
    const page = await browser.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('searchbox', { name: 'Search parts' }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Page Not Found | Pitlane');
    await page.context().close();
  });

  it('sees a loading bar while the next page loads', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    // The search page's code is fetched on the first visit; hold it until the bar has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    expect(await bar.count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
    await expect.poll(() => bar.count()).toBe(1);
    release();
    await page.waitForURL(/\/search$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Browse Parts' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await bar.count()).toBe(0);
    await page.context().close();
  });

  it('opens every page at its top (or its anchor), and finds its place again on Back and Forward', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    // The home page settled (its lists loaded, skeletons gone), so its height no longer changes under the scroll.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
    // Runs in the page (the e2e files have no DOM types).
    const scrollY = () => page.evaluate(() => Math.round((globalThis as unknown as { scrollY: number }).scrollY));
    // The footer's FAQ link, from the bottom of the home page.
    await page.locator('footer').scrollIntoViewIfNeeded();
    const homeY = await scrollY();
    expect(homeY).toBeGreaterThan(200);
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(/\/faq$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Frequently Asked Questions' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(scrollY).toBe(0);
    // Down to the FAQ's footer, then another page: again from the top.
    const paymentOptions = page.locator('footer').getByRole('link', { name: 'Payment Options' });
    await paymentOptions.scrollIntoViewIfNeeded();
    const faqY = await scrollY();
    expect(faqY).toBeGreaterThan(200);
    await paymentOptions.click();
    await page.waitForURL(/\/payments$/);
    await expect.poll(scrollY).toBe(0);
    // Back and Forward restore where the reader was.
    await page.goBack();
    await page.waitForURL(/\/faq$/);
    await expect.poll(scrollY).toBe(faqY);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(scrollY).toBe(homeY);
    await page.goForward();
    await page.waitForURL(/\/faq$/);
    await expect.poll(scrollY).toBe(faqY);
    // A page loaded afresh (a typed address, the redirect after signing out) opens at its top, not where the last
    // page loaded afresh was left: react-router keyed both history entries "default".
    await page.goto('/faq');
    await expect.poll(() => page.getByRole('heading', { name: 'Frequently Asked Questions' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.locator('footer').scrollIntoViewIfNeeded();
    expect(await scrollY()).toBeGreaterThan(200);
    await page.goto('/payments');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(scrollY).toBe(0);
    // An address with an anchor opens at its section, whose heading is not under the sticky header.
    await page.goto('/faq#shipping');
    const heading = page.getByRole('heading', { name: /^Shipping/ }).first();
    await expect.poll(() => heading.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual((await page.getByRole('banner').boundingBox())!.height);
    expect(await scrollY()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('an admin', () => {
  it('signs in to /admin and sees the users list', async () => {
    const page = await browser.newPage();
    const violations = cspViolations(page);
    await page.goto('/admin');
    await page.getByLabel(/Username/).fill(admin.username);
    await page.getByLabel(/Password/).fill(admin.password);
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.ok());
    await page.getByRole('button', { name: /sign in/i }).click();
    await signedIn;
    await page.goto('/admin/users');
    await expect.poll(() => page.getByText('e2e-admin@example.com').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(buyer.email).first().isVisible()).toBe(true);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});

describe('Contact Us', () => {
  const sender = { username: 'e2e_fangio', email: 'e2e-fangio@example.com', firstName: 'Juan', lastName: 'Fangio' };

  it("takes a signed-in buyer's message from the footer to support's mail and the console, where it is marked handled", async () => {
    await registerVerified(sender);
    const page = await browser.newPage();
    await signIn(page, sender.username);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(/\/contact$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Contact Us', level: 1 }).isVisible()).toBe(true);
    // Name and email come from the account.
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Juan Fangio');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(sender.email);

    const subject = `Gearbox for a 250F ${Date.now()}`;
    await page.getByLabel('Topic').selectOption('buying');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Does anyone list a five-speed box for a Maserati 250F?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Message Sent' }).isVisible()).toBe(true);
    await page.context().close();

    const mail = await mailTo('support@pitlane.local', (m) => m.subject.includes(subject));
    expect(mail.text).toContain(`Juan Fangio <${sender.email}>`);

    const consolePage = await browser.newPage();
    await signIn(consolePage, admin.username, admin.password);
    await consolePage.goto('/admin/contact-requests');
    const row = consolePage.getByText(subject).first();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.click();
    await consolePage.waitForURL(/\/admin\/contact-requests\/[^/]+\/show$/);
    await consolePage.getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => consolePage.getByRole('button', { name: 'Reopen' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const id = /contact-requests\/([^/]+)\/show/.exec(consolePage.url())![1]!;
    const stored = await callOk<{ status: string }>((await adminSession()).cookie, 'GET', `/api/admin/contact-requests/${id}`);
    expect(stored.status).toBe('handled');
    await consolePage.context().close();
  });
});

describe('a suspended user', () => {
  const suspect = { username: 'e2e_suspended', email: 'e2e-suspended@example.com', firstName: 'Sid', lastName: 'Suspended' };

  it('is suspended from the console with a reason, loses their session and cannot sign in again', async () => {
    await registerVerified(suspect);
    const session = await apiSession(suspect.username);
    expect((await call(session.cookie, 'GET', '/api/auth/user')).status).toBe(200);

    // The admin suspends them from the user's page in the console.
    const adminPage = await browser.newPage();
    await adminPage.goto('/admin');
    await adminPage.getByLabel(/Username/).fill(admin.username);
    await adminPage.getByLabel(/Password/).fill(admin.password);
    const signedIn = adminPage.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.ok());
    await adminPage.getByRole('button', { name: /sign in/i }).click();
    await signedIn;
    await adminPage.goto(`/admin/users/${session.id}/show`);
    await expect.poll(() => adminPage.getByText(suspect.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await adminPage.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Shill bidding on his own auctions');
    const suspended = adminPage.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${session.id}/suspend`));
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    expect((await suspended).status()).toBe(200);
    await expect.poll(() => adminPage.getByText('Shill bidding on his own auctions').first().isVisible()).toBe(true);
    await expect.poll(() => adminPage.getByRole('button', { name: 'Reinstate' }).isVisible()).toBe(true);

    // The audit log shows the action.
    await adminPage.goto('/admin/audit-log');
    await expect.poll(() => adminPage.getByText('user.suspended').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await adminPage.context().close();

    // The session they had names nobody now.
    expect((await call(session.cookie, 'GET', '/api/auth/user')).status).toBe(401);

    // Signing in with the right password says why it is refused.
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Username or email').fill(suspect.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Your account is suspended');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();

    // Reinstated, they can sign in again.
    const adminApi = await adminSession();
    await callOk(adminApi.cookie, 'POST', `/api/admin/users/${session.id}/reinstate`, {});
    expect((await apiSession(suspect.username)).id).toBe(session.id);
  });
});
