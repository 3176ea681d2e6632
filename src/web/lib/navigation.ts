/** `returnTo` when it is a path on this site ("/x", not "//host" or "/\host"), else "/". */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
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
