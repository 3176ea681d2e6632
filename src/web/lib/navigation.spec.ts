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

  it('refuses control characters and backslashes that a browser would turn into another host', () => {
    for (const value of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '\t//evil.example', '/\u0000/x', '/x\u007f', '/a\\b', '/%09/../\\evil', ' /x', 'javascript:alert(1)', '/\u0085/evil.example']) {
      expect(safeReturnTo(value), JSON.stringify(value)).toBe('/');
    }
  });

  it('keeps ordinary paths, encoded characters and unicode included', () => {
    for (const value of ['/parts/3', '/search?q=%2F%2Fevil.example', '/storefront/joes-garage#reviews', '/search?q=Zündkerze', '/a/b//c']) {
      expect(safeReturnTo(value), value).toBe(value);
    }
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
