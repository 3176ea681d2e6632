import { describe, expect, it } from 'vitest';
import {
  correctedQueryOf,
  noPartsText,
  unmatchedWordsOf,
  effectiveSort,
  FEATURED_CATEGORY_DESCRIPTIONS,
  featuredCategoryDescription,
  filtersToParams,
  isCategoryOnly,
  nextCursorOf,
  partsFoundText,
  readFilters,
  readSort,
  resultsText,
  searchHeading,
  searchUrl,
  totalIsExact,
  sortOptions,
  withFilter,
  YEAR_FROM_OPTIONS,
  YEAR_TO_OPTIONS,
} from './searchFilters';

const categories = [{ id: '1', name: 'Engine', slug: 'engine', icon: 'engine', parentId: null }];
const makes = [{ id: '2', name: 'Ford', slug: 'ford', logo: null }];

describe('searchHeading', () => {
  it('takes the first rule that matches, in the spec order', () => {
    expect(searchHeading({ q: 'carb', category: 'engine', make: 'ford' }, categories, makes)).toBe(
      'Search results for "carb"',
    );
    expect(searchHeading({ category: 'engine', make: 'ford', yearFrom: '1960' }, categories, makes)).toBe(
      'Engine Parts',
    );
    expect(searchHeading({ make: 'ford', yearFrom: '1960' }, categories, makes)).toBe('Ford Parts');
    expect(searchHeading({ yearFrom: '1960', yearTo: '1970' }, categories, makes)).toBe('1960-1970 Parts');
    expect(searchHeading({ yearFrom: '1960' }, categories, makes)).toBe('1960+ Parts');
    expect(searchHeading({ yearTo: '1970' }, categories, makes)).toBe('Up to 1970 Parts');
    expect(searchHeading({}, categories, makes)).toBe('Browse Parts');
  });

  it('falls back to the slug while names are unknown', () => {
    expect(searchHeading({ category: 'engine' }, undefined, undefined)).toBe('engine Parts');
  });
});

describe('address filters', () => {
  it('reads the five filters and drops blanks and "all"', () => {
    const params = new URLSearchParams('q=%20carb%20&category=all&make=ford&yearFrom=&yearTo=1970&other=x');
    expect(readFilters(params)).toEqual({ q: 'carb', make: 'ford', yearTo: '1970' });
  });

  it('writes trimmed values only, in a stable order', () => {
    expect(filtersToParams({ yearTo: '1970', q: '  ', make: 'all', category: 'engine' }).toString()).toBe(
      'category=engine&yearTo=1970',
    );
    expect(searchUrl({})).toBe('/search');
    expect(searchUrl({ q: 'ford gt' })).toBe('/search?q=ford+gt');
  });

  it('clears a filter set to "all"', () => {
    expect(withFilter({ make: 'ford', category: 'engine' }, 'make', 'all')).toEqual({ category: 'engine' });
    expect(withFilter({}, 'yearFrom', '1960')).toEqual({ yearFrom: '1960' });
  });

  it("keeps a seller filter (the console's link to the house account's parts) through the address", () => {
    expect(readFilters(new URLSearchParams('sellerId=house-account-user'))).toEqual({ sellerId: 'house-account-user' });
    expect(searchUrl({ sellerId: 'house-account-user', make: 'ford' })).toBe('/search?make=ford&sellerId=house-account-user');
  });

  it('knows when only a category is chosen', () => {
    expect(isCategoryOnly({ category: 'engine' })).toBe(true);
    expect(isCategoryOnly({ category: 'engine', make: 'ford' })).toBe(false);
    expect(isCategoryOnly({})).toBe(false);
  });
});

describe('year options', () => {
  it('offers Any then 1900 to 2000 by tens for Year From', () => {
    expect(YEAR_FROM_OPTIONS[0]).toEqual({ value: 'all', label: 'Any' });
    expect(YEAR_FROM_OPTIONS.slice(1).map((o) => o.value)).toEqual(
      ['1900', '1910', '1920', '1930', '1940', '1950', '1960', '1970', '1980', '1990', '2000'],
    );
  });

  it('offers Any then 1920 to 2020 by tens for Year To', () => {
    expect(YEAR_TO_OPTIONS[0]?.label).toBe('Any');
    expect(YEAR_TO_OPTIONS[1]?.value).toBe('1920');
    expect(YEAR_TO_OPTIONS.at(-1)?.value).toBe('2020');
    expect(YEAR_TO_OPTIONS).toHaveLength(12);
  });
});

describe('counts', () => {
  it('uses singular and plural', () => {
    expect(partsFoundText(1)).toBe('1 part found');
    expect(partsFoundText(0)).toBe('0 parts found');
    // Past the server's count bound the count is the bound and says there are more.
    expect(partsFoundText(1000, false)).toBe('1,000+ parts found');
    expect(partsFoundText(1000, true)).toBe('1000 parts found');
    expect(resultsText(1)).toBe('1 result');
    expect(resultsText(12)).toBe('12 results');
  });
});

describe('search page headers', () => {
  it('reads whether the count is exact and the next page cursor', () => {
    expect(totalIsExact(new Headers({ 'X-Total-Count': '1000', 'X-Total-Count-Exact': 'false' }))).toBe(false);
    expect(totalIsExact(new Headers({ 'X-Total-Count': '12', 'X-Total-Count-Exact': 'true' }))).toBe(true);
    expect(totalIsExact(new Headers({ 'X-Total-Count': '12' }))).toBe(true);
    expect(nextCursorOf(new Headers({ 'X-Next-Cursor': 'WyJhIl0' }))).toBe('WyJhIl0');
    expect(nextCursorOf(new Headers())).toBeUndefined();
  });
});

describe('featuredCategoryDescription', () => {
  it('has a text for each category the spec names', () => {
    for (const name of ['Engine', 'Body', 'Interior', 'Wheels', 'Transmission', 'Suspension', 'Electrical', 'Exhaust', 'Safety', 'Fire', 'Pit', 'Misc', 'Body Parts', 'Brakes', 'Engine Parts']) {
      expect(FEATURED_CATEGORY_DESCRIPTIONS[name]).toBeTruthy();
    }
  });

  it('matches by name, then by our slug, else a general line', () => {
    expect(featuredCategoryDescription('x', 'Brakes')).toBe(FEATURED_CATEGORY_DESCRIPTIONS.Brakes);
    expect(featuredCategoryDescription('drivetrain', 'Drivetrain & Transmission')).toBe(
      FEATURED_CATEGORY_DESCRIPTIONS.Transmission,
    );
    expect(featuredCategoryDescription('lighting', 'Lighting')).toBe('Hand-picked Lighting parts from trusted sellers.');
  });
});

describe('the order of /search', () => {
  it('reads only the sorts the API knows from the address', () => {
    expect(readSort(new URLSearchParams('sort=price_asc'))).toBe('price_asc');
    expect(readSort(new URLSearchParams('sort=cheapest'))).toBeUndefined();
    expect(readSort(new URLSearchParams('q=carb'))).toBeUndefined();
  });

  it('defaults to best match for a search text and newest first otherwise, as the server does', () => {
    expect(effectiveSort({ q: 'carb' }, undefined)).toBe('relevance');
    expect(effectiveSort({ category: 'engine' }, undefined)).toBe('newest');
    expect(effectiveSort({}, 'relevance')).toBe('newest');
    expect(effectiveSort({}, 'price_desc')).toBe('price_desc');
  });

  it('offers best match only where there is a search text', () => {
    expect(sortOptions({ q: 'carb' }).map((o) => o.value)).toEqual(['relevance', 'newest', 'price_asc', 'price_desc']);
    expect(sortOptions({ make: 'ford' }).map((o) => o.label)).toEqual(['Newest First', 'Price: Low to High', 'Price: High to Low']);
  });

  it('keeps a chosen order in the address, and leaves the default out', () => {
    expect(filtersToParams({ q: 'carb' }, 'price_asc').toString()).toBe('q=carb&sort=price_asc');
    expect(filtersToParams({ q: 'carb' }, 'relevance').toString()).toBe('q=carb');
    expect(filtersToParams({ category: 'engine' }, 'newest').toString()).toBe('category=engine');
    // Best match chosen, then the text removed: newest first is the default again.
    expect(filtersToParams({ q: '  ' }, 'relevance').toString()).toBe('');
    expect(filtersToParams({ category: 'engine' }, 'relevance').toString()).toBe('category=engine');
    expect(filtersToParams({}, 'price_desc').toString()).toBe('sort=price_desc');
  });
});

describe('correctedQueryOf', () => {
  it('decodes the URI-encoded X-Corrected-Query header, and is null without one or when it is malformed', () => {
    expect(correctedQueryOf(new Headers({ 'X-Corrected-Query': 'citro%C3%ABn%20ds%20grille' }))).toBe('citroën ds grille');
    expect(correctedQueryOf(new Headers())).toBeNull();
    expect(correctedQueryOf(new Headers({ 'X-Corrected-Query': '%E0%A4%A' }))).toBeNull();
  });
});

describe('unmatchedWordsOf and noPartsText', () => {
  it('decodes X-Unmatched-Words into words, and is empty without one or when it is malformed', () => {
    expect(unmatchedWordsOf(new Headers({ 'X-Unmatched-Words': 'zyxwv%20cart' }))).toEqual(['zyxwv', 'cart']);
    expect(unmatchedWordsOf(new Headers())).toEqual([]);
    expect(unmatchedWordsOf(new Headers({ 'X-Unmatched-Words': '%E0%A4%A' }))).toEqual([]);
  });

  it('says what a text search did not find, naming the words no listing holds, and keeps "No parts found" for a browse', () => {
    expect(noPartsText('cart', ['cart'])).toEqual({
      title: 'No parts match "cart"',
      detail: 'No listing mentions "cart". Check the spelling or try another word.',
    });
    expect(noPartsText('carpet magneto', [])).toEqual({ title: 'No parts match "carpet magneto"', detail: 'Try fewer words or another spelling.' });
    expect(noPartsText(undefined, [])).toEqual({ title: 'No parts found', detail: null });
  });
});
