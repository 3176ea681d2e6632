/** Where the Sign Out link points (spec 000: a browser navigation to /api/logout). */
export const SIGN_OUT_PATH = '/api/logout';

/**
 * Signs out by posting to /api/logout as a page navigation (the server then sends the browser home). The GET
 * of the same path signs out only on a navigation from our own pages; the POST works in every browser.
 */
export function signOut(event?: { preventDefault(): void }, doc: Pick<Document, 'createElement' | 'body'> = document): void {
  event?.preventDefault();
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = SIGN_OUT_PATH;
  form.hidden = true;
  doc.body.append(form);
  form.submit();
}
