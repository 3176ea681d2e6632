/** Control characters (browsers drop tabs and newlines from an address, so "/\t/evil.example" reads as "//evil.example"). */
const CONTROL = /\p{Cc}/u;

/**
 * `returnTo` when it is a path on this site, else "/": one leading "/" followed by neither "/" nor a backslash, no
 * backslash and no control character anywhere, and it must still resolve to this origin. The server's /api/login applies the
 * same rule (`loginRedirectQuery`).
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value[0] !== '/' || value[1] === '/' || value.includes('\\') || CONTROL.test(value)) return '/';
  const base = 'https://pitlane.invalid';
  try {
    if (new URL(value, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return value;
}

/** Pages where coming back after signing in makes no sense. */
const NO_RETURN = ['/', '/login', '/register-buyer', '/verify-email'];

/** The sign-in navigation for a page: /api/login, carrying the page to come back to when useful. */
export function signInHref(pathname: string, search = ''): string {
  if (NO_RETURN.includes(pathname)) return '/api/login';
  return `/api/login?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** The /search address for a free-text query, or null when the text is blank. */
export function searchHref(text: string): string | null {
  const q = text.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}
