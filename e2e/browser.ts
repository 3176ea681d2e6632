import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM_PATH), headless, with no background network traffic. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The newest verification link mailed to `email`, read from the development outbox as an admin. */
export async function verificationLinkFor(baseUrl: string, admin: { username: string; password: string }, email: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (let attempt = 0; attempt < 40; attempt++) {
    const filter = encodeURIComponent(JSON.stringify({ q: email }));
    const res = await fetch(`${baseUrl}/api/admin/mail-outbox?filter=${filter}`, { headers: { cookie } });
    const mails = (await res.json()) as { text: string }[];
    const link = mails[0] && /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mails[0].text)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250)); // the mail job runs in the worker
  }
  throw new Error(`no verification mail for ${email}`);
}
