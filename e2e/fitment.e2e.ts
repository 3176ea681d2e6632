import { beforeAll, describe, expect, it } from 'vitest';
import { buyAndPayInTestMode, registerApprovedSeller, useBrowser } from './fixtures.js';
import { apiSession, callOk, createListedPart, registerVerified, signIn, type SignedInUser } from './helpers.js';

/**
 * Issue 35 journeys, "Will it fit?": (a) after delivery the order page asks "Did it fit?", the buyer answers yes with
 * a garage vehicle, and the part page then shows the confirmation; (b) before buying, a buyer with a garage vehicle
 * asks the seller on the part page, the seller answers yes there, and the buyer sees the answer on the part page;
 * (c) the seller answers another buyer's question in the message thread it was posted to.
 * Accounts, listings, garages, payment and shipping go through the API; the journeys' own steps through the pages.
 */

const browser = useBrowser();

const seller = { username: 'e2e_fit_seller', email: 'e2e-fit-seller@example.com', firstName: 'Smokey', lastName: 'Yunick' };
const reporter = { username: 'e2e_fit_reporter', email: 'e2e-fit-reporter@example.com', firstName: 'Bill', lastName: 'Jenkins' };
const asker = { username: 'e2e_fit_asker', email: 'e2e-fit-asker@example.com', firstName: 'Bob', lastName: 'Glidden' };

const HEADS = 'Small-block Chevy heads, casting 3970991 (pair)';
const MANIFOLD = 'Edelbrock Performer intake manifold, small-block Chevy';
const ANSWER = 'Yes: the Performer bolts onto any small-block 350 of those years with the stock heads.';

let sellerUser: SignedInUser;
let orderId = '';
let headsId = '';
let manifoldId = '';

const part = (title: string, partNumber: string) => ({
  title,
  description: `${title}, checked and cleaned, ready to bolt on.`,
  price: '395.00',
  category: 'engine',
  make: 'chevrolet',
  model: 'Camaro',
  yearStart: 1967,
  yearEnd: 1969,
  condition: 'used-excellent',
  location: 'Daytona Beach, FL',
  partNumber,
});

beforeAll(async () => {
  await Promise.all([registerVerified(reporter), registerVerified(asker)]);
  sellerUser = await registerApprovedSeller(seller, {
    businessName: 'Best Damn Garage',
    businessType: 'business',
    contactPhone: '(386) 555-0135',
    businessAddress: '957 N Beach St',
    businessCity: 'Daytona Beach',
    businessState: 'FL',
    businessZip: '32114',
    specialties: ['Engine'],
  });
  const [reporterUser, askerUser] = await Promise.all([apiSession(reporter.username), apiSession(asker.username)]);
  await callOk(reporterUser.cookie, 'POST', '/api/garage', { vehicleName: '1969 Chevrolet Camaro Z/28', make: 'chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1969 });
  await callOk(askerUser.cookie, 'POST', '/api/garage', {
    vehicleName: '1968 Chevrolet Nova',
    make: 'chevrolet',
    model: 'Nova',
    yearStart: 1968,
    yearEnd: 1968,
    engineCode: '350',
  });
  headsId = await createListedPart(sellerUser, part(HEADS, '3970991'));
  manifoldId = await createListedPart(sellerUser, part(MANIFOLD, '2101'));
  // Bought, paid in test mode and shipped: the buyer confirms delivery on the order page.
  orderId = await buyAndPayInTestMode(reporterUser, headsId, {
    name: 'Bill Jenkins',
    line1: '1 Grumpy Lane',
    city: 'Malvern',
    region: 'PA',
    postalCode: '19355',
    country: 'US',
  });
  await callOk(sellerUser.cookie, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
}, 120_000);

describe('Will it fit?', () => {
  it('asks "Did it fit?" after delivery and shows the buyer\'s confirmation on the part page', async () => {
    const page = await browser.newPage();
    await signIn(page, reporter.username);
    await page.goto(`/account/orders/${orderId}`);
    await page.getByRole('button', { name: 'Confirm delivery' }).click();
    await page.getByRole('button', { name: 'Yes, I have it' }).click();
    await expect.poll(() => page.getByText(`Did it fit? Tell other buyers whether ${HEADS} fitted your vehicle.`).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: 'Did it fit?' }).click();
    const form = page.getByRole('form', { name: 'Did it fit?' });
    await form.getByRole('radio', { name: 'Yes, it fitted' }).check();
    await form.getByLabel('Vehicle').selectOption({ label: '1969 Chevrolet Camaro Z/28' });
    await form.getByLabel('Note').fill('Bolted straight onto the original 350.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('order-fitment-report').textContent(), { timeout: 15_000 }).toContain('You said it fitted on your 1969 Chevrolet Camaro');

    await page.goto(`/parts/${headsId}`);
    const evidence = page.getByTestId('fitment-evidence');
    await expect.poll(() => evidence.textContent(), { timeout: 15_000 }).toContain('Fit confirmed by 1 buyer on 1969 Camaro');
    await page.context().close();
  }, 60_000);

  it('lets a buyer ask "Will it fit my ...?" and shows the seller\'s answer on the part page', async () => {
    const page = await browser.newPage();
    await signIn(page, asker.username);
    await page.goto(`/parts/${manifoldId}`);
    await page.getByRole('button', { name: 'Will it fit my 1968 Chevrolet Nova?' }).click();
    const form = page.getByRole('form', { name: 'Ask the seller about the fit' });
    await form.getByLabel('Will it fit my 1968 Chevrolet Nova?').fill('My Nova has its original 1968 350 and stock heads. Will it bolt on?');
    await form.getByRole('button', { name: 'Ask the seller' }).click();
    const questions = page.getByTestId('fitment-questions');
    await expect.poll(() => questions.textContent(), { timeout: 15_000 }).toContain("Waiting for the seller's answer.");
    expect(await questions.getByText('About a 1968 Chevrolet Nova').isVisible()).toBe(true);

    // The seller answers on the same page.
    const sellerPage = await browser.newPage();
    await signIn(sellerPage, seller.username);
    await sellerPage.goto(`/parts/${manifoldId}`);
    const answer = sellerPage.getByRole('form', { name: 'Answer the fitment question' });
    await answer.getByLabel('Does it fit?').selectOption('yes');
    await answer.getByLabel('Your answer').fill(ANSWER);
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => sellerPage.getByTestId('fitment-questions').textContent(), { timeout: 15_000 }).toContain(ANSWER);
    await sellerPage.context().close();

    await page.reload();
    await expect.poll(() => questions.textContent(), { timeout: 15_000 }).toContain(ANSWER);
    const said = await questions.textContent();
    expect(said).toContain('My Nova has its original 1968 350 and stock heads. Will it bolt on?');
    expect(said).toContain('Seller: Fits');
    expect(said).not.toContain("Waiting for the seller's answer.");
    await page.context().close();
  }, 60_000);

  it('lets the seller answer a fitment question in the message thread where it was posted', async () => {
    const CARB = 'Holley 4150 double pumper carburettor, 750 cfm';
    const carbId = await createListedPart(sellerUser, part(CARB, '0-4779'));
    const askerUser = await apiSession(asker.username);
    const [nova] = await callOk<{ id: string }[]>(askerUser.cookie, 'GET', `/api/garage/${askerUser.id}`);
    await callOk(askerUser.cookie, 'POST', `/api/parts/${carbId}/fitment-questions`, { vehicleId: nova!.id, question: 'Will it clear the stock air cleaner on my Nova?' });

    const sellerPage = await browser.newPage();
    await signIn(sellerPage, seller.username);
    await sellerPage.goto('/messages');
    await sellerPage.getByText(CARB).first().click();
    const answer = sellerPage.getByRole('form', { name: 'Answer the fitment question' });
    // Nothing is chosen for the seller: a binding "yes" is never a default.
    await answer.getByLabel('Your answer').fill('No: the 750 needs a drop-base air cleaner on a Nova.');
    expect(await answer.getByLabel('Does it fit?').inputValue()).toBe('');
    await answer.getByLabel('Does it fit?').selectOption('no');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => sellerPage.getByText('No: the 750 needs a drop-base air cleaner on a Nova.').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => answer.isVisible(), { timeout: 15_000 }).toBe(false);
    await sellerPage.context().close();

    // The buyer sees the same answer on the part page.
    const page = await browser.newPage();
    await signIn(page, asker.username);
    await page.goto(`/parts/${carbId}`);
    const questions = page.getByTestId('fitment-questions');
    await expect.poll(() => questions.textContent(), { timeout: 15_000 }).toContain('No: the 750 needs a drop-base air cleaner on a Nova.');
    expect(await questions.textContent()).toContain("Seller: Doesn't fit");
    await page.context().close();
  }, 60_000);
});
