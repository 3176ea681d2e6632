import { beforeAll, describe, expect, it } from 'vitest';
import { registerApprovedSeller, useBrowser } from './fixtures.js';
import { baseUrl, createListedPart, registerVerified, signIn, socketSubscribed, type SignedInUser } from './helpers.js';

/** Issue 19's journey: a buyer contacts a seller from a part page with a template; the seller answers live. */

const browser = useBrowser();

const buyer = { username: 'e2e_msg_buyer', email: 'e2e-msg-buyer@example.com', firstName: 'Vic', lastName: 'Elford' };
const seller = { username: 'e2e_msg_seller', email: 'e2e-msg-seller@example.com', firstName: 'Huschke', lastName: 'von Hanstein' };
const BUSINESS = 'Zuffenhausen Gearboxes';
const TITLE = 'G50 input shaft bearing';
const REPLY = 'It is the G50 bearing, and yes, I ship to Norway.';

let sellerUser: SignedInUser;
let partId = '';


beforeAll(async () => {
  await registerVerified(buyer);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: BUSINESS,
    businessType: 'business',
    contactPhone: '(414) 555-0119',
    businessAddress: '911 Porsche Drive',
    businessCity: 'Milwaukee',
    businessState: 'WI',
    businessZip: '53202',
    specialties: ['Transmission', 'Porsche'],
  });
  partId = await createListedPart(sellerUser, {
    title: TITLE,
    description: 'The input shaft bearing of a Porsche G50 gearbox, new old stock in its box.',
    price: '450.00',
    category: 'drivetrain',
    make: 'porsche',
    condition: 'new-in-box',
    location: 'Milwaukee, WI',
    partNumber: '950.302.108.00',
  });
});

describe('messaging', () => {
  it('lets a buyer contact a seller with a template and see the answer arrive live', async () => {
    const buyerPage = await browser.newPage();
    await signIn(buyerPage, buyer.username);
    await buyerPage.goto(`/parts/${partId}`);
    await buyerPage.getByRole('button', { name: 'Contact Seller' }).click();
    const dialog = buyerPage.getByRole('dialog');
    const templates = dialog.getByRole('list', { name: 'Message templates' }).getByRole('button');
    await expect.poll(() => templates.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // The first suggestion is preselected and fills the form from the part's own facts.
    expect(await dialog.getByLabel('Subject').inputValue()).toContain(TITLE);
    expect(await dialog.getByLabel('Message', { exact: true }).inputValue()).toContain('950.302.108.00');

    await templates.nth(1).click();
    await expect.poll(() => buyerPage.getByText('Template Copied').first().isVisible()).toBe(true);
    const subject = await dialog.getByLabel('Subject').inputValue();
    await dialog.getByLabel('Subject').fill('');
    expect(await dialog.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => buyerPage.getByText('Message Sent').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await buyerPage.getByText(/Your message has been sent to .+!/).first().isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(false);

    // The buyer opens their inbox and keeps it open; the seller answers from another browser.
    const subscribed = socketSubscribed(buyerPage, 'messages_subscribed', 'the messages socket');
    await buyerPage.goto('/messages');
    await subscribed;
    const thread = buyerPage.getByRole('region', { name: 'Thread' });
    await expect.poll(() => thread.getByText(TITLE).first().isVisible(), { timeout: 15_000 }).toBe(true);

    const sellerPage = await browser.newPage();
    await signIn(sellerPage, seller.username);
    // The header's badge counts the buyer's unread message.
    await expect.poll(() => sellerPage.getByTestId('unread-badge').textContent(), { timeout: 15_000 }).toContain('1');
    await sellerPage.goto('/messages');
    const sellerThread = sellerPage.getByRole('region', { name: 'Thread' });
    await expect.poll(() => sellerThread.getByRole('list', { name: 'Messages' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const reply = sellerPage.getByLabel('Message', { exact: true });
    await reply.fill('It is the G50 bearing,');
    await reply.press('Shift+Enter');
    await reply.pressSequentially(' and yes, I ship to Norway.');
    expect(await reply.inputValue()).toBe('It is the G50 bearing,\n and yes, I ship to Norway.');
    await reply.fill(REPLY);
    await reply.press('Enter');
    await expect.poll(() => reply.inputValue()).toBe('');

    // No reload: the buyer's open thread shows the answer.
    await expect.poll(() => thread.getByText(REPLY).isVisible(), { timeout: 15_000 }).toBe(true);
    // On a wide screen the inbox opened the latest conversation, named in the address.
    expect(buyerPage.url()).toMatch(new RegExp(`^${baseUrl}/messages\\?c=[0-9a-f-]{36}$`));
    await sellerPage.context().close();
    await buyerPage.context().close();
  }, 120_000);

  it('opens a conversation from a deep link, and on a phone shows the list, then the thread with a back button', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, seller.username);
    await page.goto('/messages');
    const first = page.getByRole('region', { name: 'Conversations' }).getByRole('button').first();
    await expect.poll(() => first.isVisible(), { timeout: 15_000 }).toBe(true);
    await first.click();
    const replyInThread = page.getByRole('list', { name: 'Messages' }).getByText(REPLY);
    await expect.poll(() => replyInThread.isVisible(), { timeout: 15_000 }).toBe(true);
    // On a phone the thread takes the screen: the list is hidden until Back.
    expect(await first.isVisible()).toBe(false);
    const deepLink = page.url();
    expect(deepLink).toMatch(/\/messages\?c=[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect.poll(() => first.isVisible()).toBe(true);
    await page.goto(deepLink);
    await expect.poll(() => replyInThread.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  }, 90_000);
});
