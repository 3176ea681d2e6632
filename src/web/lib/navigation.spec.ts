import { describe, expect, it } from 'vitest';
import { safeReturnTo, searchHref, signInHref } from './navigation';

describe('safeReturnTo', () => {
  it('keeps a relative path with its query', () => {
    expect(safeReturnTo('/auctions/7?tab=bids')).toBe('/auctions/7?tab=bids');
  });

  it('falls back to home for missing, absolute or protocol-relative targets', () => {
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
  });
});

describe('signInHref', () => {
  it('goes to /api/login carrying the current page', () => {
    expect(signInHref('/auctions/7', '?x=1')).toBe('/api/login?returnTo=%2Fauctions%2F7%3Fx%3D1');
  });

  it('carries no return page from home or the account pages', () => {
    expect(signInHref('/')).toBe('/api/login');
    expect(signInHref('/login', '?returnTo=/x')).toBe('/api/login');
  });
});

describe('searchHref', () => {
  it('trims the text and encodes it as q', () => {
    expect(searchHref('  Porsche 911 Parts ')).toBe('/search?q=Porsche%20911%20Parts');
  });

  it('is null for blank text', () => {
    expect(searchHref('   ')).toBeNull();
    expect(searchHref('')).toBeNull();
  });
});
