import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { admin, adminSession, apiSession, callOk, createListedPart, registerVerified, signIn } from './helpers.js';

/**
 * Issue 24's console analyses in a real browser: a visitor's page view reaches Active Listings Analysis, and the
 * Policy Acceptance Dashboard's filters find who has and has not accepted the current policies.
 */
const browser = useBrowser();

describe('Active Listings Analysis (issue 24)', () => {
  const owner = { username: 'e2e_analyst_seller', email: 'e2e-analyst-seller@example.com', firstName: 'Jim', lastName: 'Clark' };
  const TITLE = 'Lotus 25 Climax FWMV rocker cover';
  let partId = '';

  beforeAll(async () => {
    const ownerUser = await registerApprovedSeller(owner, {
      businessName: 'Clark Climax Spares',
      contactPhone: '(317) 555-0125',
      businessAddress: '25 Team Lotus Way',
      businessCity: 'Indianapolis',
      businessState: 'IN',
      businessZip: '46222',
    });
    partId = await createListedPart(ownerUser, {
      title: TITLE,
      description: 'Magnesium rocker cover for the Coventry Climax FWMV V8, crack tested.',
      price: '2400.00',
      category: 'engine',
      make: 'ford',
      condition: 'used-excellent',
      location: 'Indianapolis, IN',
    });
  });

  it("counts a visitor's page view and a search click, and shows them to the admin", async () => {
    const visitor = await browser.newPage();
    await visitor.goto('/search?q=rocker%20cover');
    const result = visitor.getByRole('link', { name: TITLE }).first();
    await expect.poll(() => result.isVisible(), { timeout: 15_000 }).toBe(true);
    // The page reports the view a moment after it loads (with the click, unless that went already).
    const viewReported = visitor.waitForResponse(
      (r) => r.url().endsWith('/api/analytics/events') && (r.request().postData() ?? '').includes('"view"') && r.status() === 202,
      { timeout: 20_000 },
    );
    await result.click();
    await visitor.waitForURL(new RegExp(`/parts/${partId}$`));
    await expect.poll(() => visitor.getByRole('heading', { name: TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    await viewReported;
    await visitor.context().close();

    // Views, impressions and clicks reach the database in batches a few seconds apart: wait for them through the
    // console's API, then look at the page once.
    const { cookie } = await adminSession();
    const filter = encodeURIComponent(JSON.stringify({ q: 'Climax FWMV' }));
    await expect
      .poll(
        async () => {
          const rows = (await callOk<{ partId: string; views: number; impressions: number; clicks: number }[]>(cookie, 'GET', `/api/admin/active-listings?filter=${filter}`)).filter((r) => r.partId === partId);
          return rows.map((r) => `${r.views}/${r.impressions}/${r.clicks}`).join();
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe('1/1/1');
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/active-listings');
    await page.getByPlaceholder('Title or seller').fill('Climax FWMV');
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await expect
      .poll(async () => (await row.first().getByRole('cell').allTextContents()).join(' | '), { timeout: 20_000 })
      .toMatch(/Clark Climax Spares.*\| 1 \| 0 \| 1 \| 1 \| 100%/);
    await page.context().close();
  }, 120_000);
});

describe('the Policy Acceptance Dashboard (issue 24)', () => {
  const accepted = { username: 'e2e_policy_yes', email: 'e2e-policy-yes@example.com', firstName: 'Ayrton', lastName: 'Accepts' };
  const pending = { username: 'e2e_policy_no', email: 'e2e-policy-no@example.com', firstName: 'Nigel', lastName: 'Pending' };

  beforeAll(async () => {
    await registerVerified(accepted);
    await registerVerified(pending);
    const user = await apiSession(accepted.username);
    for (const policyType of ['privacy_policy', 'terms_of_service']) {
      await callOk(user.cookie, 'POST', '/api/policy-acceptances', { userId: user.id, policyType });
    }
  });

  it('filters users by acceptance and finds them by name', async () => {
    const page = await browser.newPage();
    await signIn(page, admin.username, admin.password);
    await page.goto('/admin/policy-acceptances');
    const search = page.getByPlaceholder('Search users');
    await expect.poll(() => search.isVisible(), { timeout: 15_000 }).toBe(true);
    await search.fill('e2e_policy_');
    const rows = page.locator('tbody tr');
    await expect.poll(async () => (await rows.allTextContents()).join('\n'), { timeout: 15_000 }).toMatch(/e2e_policy_yes[\s\S]*e2e_policy_no|e2e_policy_no[\s\S]*e2e_policy_yes/);

    await page.getByLabel('Acceptance').click();
    await page.getByRole('option', { name: 'Not accepted' }).click();
    await expect.poll(async () => (await rows.allTextContents()).join('\n'), { timeout: 15_000 }).not.toContain('e2e_policy_yes');
    expect((await rows.allTextContents()).join('\n')).toContain('e2e_policy_no');

    await page.getByLabel('Acceptance').click();
    await page.getByRole('option', { name: 'Accepted', exact: true }).click();
    await expect.poll(async () => (await rows.allTextContents()).join('\n'), { timeout: 15_000 }).not.toContain('e2e_policy_no');
    expect((await rows.allTextContents()).join('\n')).toContain('e2e_policy_yes');
    await page.context().close();
  }, 90_000);
});
