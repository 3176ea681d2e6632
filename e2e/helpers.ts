import { expect, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { verificationLinkFor } from './browser.js';

/** Shared steps of the browser journeys: API set-up (users, sellers, parts) and sign-in through the pages. */

export const baseUrl = inject('baseUrl');
export const admin = inject('admin');
export const PASSWORD = 'a very good password';

export interface TestUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface SignedInUser {
  id: string;
  cookie: string;
}

/** A fresh browser context (own cookies), on a desktop viewport unless given another; times in UTC so datetime-local values are predictable. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, timezoneId: 'UTC' });
  return context.newPage();
}

/** The number a console dashboard card shows (0 while it is loading). */
export async function figureOf(card: Locator): Promise<number> {
  return Number(((await card.textContent()) ?? '').replace(/\D/g, ''));
}

/** Signs in on /login and waits for the home page. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Signs in through the API: the session cookie and the user's id. */
export async function apiSession(username: string, password = PASSWORD): Promise<SignedInUser> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const user = (await res.json()) as { id: string };
  return { id: user.id, cookie };
}

export const adminSession = () => apiSession(admin.username, admin.password);

/** A JSON request with a session cookie. */
export async function call(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A JSON request that must succeed; returns the parsed answer. */
export async function callOk<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(cookie, method, path, body);
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Registers a buyer through the API and follows the emailed verification link. */
export async function registerVerified(user: TestUser): Promise<void> {
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

export interface SellerApplication {
  businessName: string;
  businessType?: 'individual' | 'business' | 'dealership';
  contactPhone: string;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  description?: string;
  specialties?: string[];
}

/** Sends a seller application (POST /api/sellers) as the user; returns the seller record's id. */
export async function applyToSell(username: string, application: SellerApplication): Promise<string> {
  const user = await apiSession(username);
  const seller = await callOk<{ id: string }>(user.cookie, 'POST', '/api/sellers', application);
  return seller.id;
}

/** An approved seller: the application approved by the admin (PATCH /api/sellers/{id}), which grants the seller role. */
export async function makeApprovedSeller(username: string, application: SellerApplication): Promise<{ sellerId: string; userId: string }> {
  const sellerId = await applyToSell(username, application);
  const adminUser = await adminSession();
  const approved = await callOk<{ userId: string }>(adminUser.cookie, 'PATCH', `/api/sellers/${sellerId}`, { status: 'approved' });
  return { sellerId, userId: approved.userId };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Polls the development outbox until a mail to `email` matches `match` (the mail job runs in the worker). */
export async function mailTo(email: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  const adminUser = await adminSession();
  const filter = encodeURIComponent(JSON.stringify({ to: email }));
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await callOk<OutboxMail[]>(adminUser.cookie, 'GET', `/api/admin/mail-outbox?filter=${filter}`);
        found = mails.find((m) => m.to.toLowerCase().includes(email.toLowerCase()) && match(m));
        return found !== undefined;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** Polls `check` until it returns true, for set-up code outside a test (where expect.poll is not allowed). */
export async function pollUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, intervalMs = 500): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A plain-colour photo of `format`, made with sharp. */
export async function photo(format: 'jpeg' | 'png', colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } });
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

/** Uploads a photo as the seller (POST /api/uploads); returns its URL. */
export async function uploadPhoto(cookie: string): Promise<string> {
  const form = new FormData();
  const bytes = await photo('jpeg', { r: 200, g: 16, b: 46 });
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'part.jpg');
  const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

export interface PartInput {
  title: string;
  description: string;
  price: string;
  category: string;
  make: string;
  condition: string;
  location: string;
  partNumber?: string;
}

/**
 * A listed part of the seller with one photo (a fresh upload unless `photoUrl` is given), approved by the admin
 * when the seller's listings need review.
 */
export async function createListedPart(seller: SignedInUser, part: PartInput, photoUrl?: string): Promise<string> {
  const url = photoUrl ?? (await uploadPhoto(seller.cookie));
  const created = await callOk<{ id: string; isApproved: boolean }>(seller.cookie, 'POST', '/api/parts', {
    ...part,
    images: [{ url, altText: `${part.title} photo`, isPrimary: true }],
  });
  if (!created.isApproved) {
    const adminUser = await adminSession();
    await callOk(adminUser.cookie, 'PATCH', `/api/parts/${created.id}/approve`, {});
  }
  return created.id;
}

/**
 * Resolves when one of the page's WebSockets receives a frame containing `marker` (a subscription's confirmation),
 * so a later event on it cannot be missed. Call before navigating; `what` names the socket in the timeout error.
 */
export function socketSubscribed(page: Page, marker: string, what: string, timeoutMs = 30_000): Promise<void> {
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not subscribe`)), timeoutMs);
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(marker)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
  // A journey that fails before awaiting this must not also report an unhandled rejection.
  subscribed.catch(() => undefined);
  return subscribed;
}

/**
 * Resolves when the page's live feed WebSocket has confirmed its auction subscription, so a later event
 * cannot be missed. Call before navigating to the auction page.
 */
export function feedSubscribed(page: Page, timeoutMs = 30_000): Promise<void> {
  return socketSubscribed(page, 'subscription_confirmed', 'the live feed', timeoutMs);
}
