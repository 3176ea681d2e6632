import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle';

describe('pageTitle', () => {
  it('names the page first and the site after it', () => {
    expect(pageTitle('My Watchlist')).toBe('My Watchlist | Pitlane');
    expect(pageTitle('  Search results for "carb" ')).toBe('Search results for "carb" | Pitlane');
  });
});
