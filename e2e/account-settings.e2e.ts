import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.js';
import { apiSession, callOk, pollUntil, registerVerified, signIn } from './helpers.js';

const browser = useBrowser();

describe('account settings (issue 19)', () => {
  const user = { username: 'e2e_quiet', email: 'e2e-quiet@example.com', firstName: 'Quinn', lastName: 'Quiet' };

  it('turns mail about unread messages off from the user menu, with a toast, and the API keeps it', async () => {
    await registerVerified(user);
    const page = await browser.newPage();
    await signIn(page, user.username);
    const header = page.locator('header');
    await pollUntil(
      'Account Settings in the user menu',
      async () => {
        const trigger = header.getByTestId('user-menu').first();
        if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
        return page
          .getByRole('menuitem', { name: 'Account Settings' })
          .click({ timeout: 2_000 })
          .then(() => true, () => false);
      },
      15_000,
      0,
    );
    await page.waitForURL(/\/account\/settings$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Account Settings', level: 1 }).isVisible()).toBe(true);

    const toggle = page.getByRole('switch', { name: 'Email me about unread messages' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => page.getByTestId('toast').getByText('Settings saved').isVisible()).toBe(true);
    await expect.poll(() => toggle.isChecked()).toBe(false);

    const session = await apiSession(user.username);
    expect(await callOk<{ messageEmails: boolean }>(session.cookie, 'GET', '/api/account/preferences')).toEqual({ messageEmails: false });

    // A reload shows the stored choice.
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Email me about unread messages' }).isChecked()).toBe(false);
    await page.context().close();
  });
});
