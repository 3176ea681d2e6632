import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { isWebRoute, WEB_ROUTES } from './routes';

/** The router's own matching over the same patterns, without the catch-all route. */
const routerKnows = (pathname: string) => (matchRoutes(Object.values(WEB_ROUTES).map((path) => ({ path })), pathname) ?? []).length > 0;

const PATHS = [
  '/',
  '',
  '/search',
  '/search/',
  '/SEARCH',
  '/parts',
  '/parts/',
  '/parts/123',
  '/parts/123/',
  '/parts/abc%20def',
  '/parts/123/photos',
  '/auctions/9',
  '/auctions/9/second-chance',
  '/auctions/9/second-chance/x',
  '/my-listings/4/edit',
  '/my-listings/edit',
  '/storefront',
  '/storefront/classic-carbs',
  '/account',
  '/account/orders/17',
  '/no-such-page',
  '/faq/extra',
  '/admin',
];

describe('isWebRoute', () => {
  it.each(PATHS)('agrees with the router about %j', (pathname) => {
    expect(isWebRoute(pathname)).toBe(routerKnows(pathname));
  });

  it('knows every page by its own pattern with its parameters filled in', () => {
    for (const pattern of Object.values(WEB_ROUTES)) expect(isWebRoute(pattern.replace(/:\w+/g, 'x1')), pattern).toBe(true);
  });

  it('knows nothing outside the list', () => {
    expect(isWebRoute('/no-such-page')).toBe(false);
    expect(isWebRoute('/parts')).toBe(false);
    expect(isWebRoute('/parts/1/2')).toBe(false);
  });
});
