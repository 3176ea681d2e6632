import { describe, expect, it } from 'vitest';
import { isSameSitePath, loginRedirectQuery } from './account.schemas.js';

describe('isSameSitePath (the returnTo of /api/login)', () => {
  it('refuses other hosts however they are written', () => {
    for (const value of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '\t//evil.example', '/a\\b', '/\u0000x', 'https://evil.example', ' /x', 'javascript:alert(1)']) {
      expect(isSameSitePath(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('keeps paths of this site', () => {
    for (const value of ['/watchlist', '/parts/3?tab=bids', '/search?q=%2F%2Fevil.example', '/a/b//c']) {
      expect(isSameSitePath(value), value).toBe(true);
    }
  });

  it('drops a refused returnTo from the query rather than failing it', () => {
    expect(loginRedirectQuery.parse({ returnTo: '/\t/evil.example' })).toEqual({ returnTo: undefined });
    expect(loginRedirectQuery.parse({ returnTo: '/orders' })).toEqual({ returnTo: '/orders' });
  });
});
