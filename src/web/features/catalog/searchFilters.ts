import type { CategoryDto, MakeDto } from '../../../modules/catalog/part.dto';

/** The filters of /search, as they stand in the address (spec 000 §2 "Search"). */
export interface SearchFilters {
  q?: string;
  category?: string;
  make?: string;
  yearFrom?: string;
  yearTo?: string;
  /** One seller's parts (the console's link to the house account's: `house-account-user`). */
  sellerId?: string;
  /** Only parts that fit this vehicle of the signed-in user's garage (issue 20). */
  fitsVehicle?: string;
}

export const FILTER_KEYS = ['q', 'category', 'make', 'yearFrom', 'yearTo', 'sellerId', 'fitsVehicle'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The value of every select meaning "no filter". */
export const ALL = 'all';

/** A filter value worth keeping: trimmed, not empty and not "all". */
function clean(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && v !== ALL ? v : undefined;
}

/** The filters an address carries; blanks and "all" are no filter. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const value = clean(params.get(key));
    if (value !== undefined) filters[key] = value;
  }
  return filters;
}

/** The orders of /search, as GET /api/parts names them (`sort`). "Best Match" needs a search text. */
export const SEARCH_SORTS = [
  { value: 'relevance', label: 'Best Match' },
  { value: 'newest', label: 'Newest First' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['value'];

const isSearchSort = (value: string | null): value is SearchSort => SEARCH_SORTS.some((s) => s.value === value);

/** The order the address asks for (`sort`), if it names one. */
export function readSort(params: URLSearchParams): SearchSort | undefined {
  const value = params.get('sort');
  return isSearchSort(value) ? value : undefined;
}

/**
 * The order the results are in: the one asked for, else the server's default (best match for a search text,
 * newest first otherwise). Best match without a text is newest first, as on the server.
 */
export function effectiveSort(filters: SearchFilters, sort: SearchSort | undefined): SearchSort {
  const chosen = sort ?? (filters.q ? 'relevance' : 'newest');
  return chosen === 'relevance' && !filters.q ? 'newest' : chosen;
}

/** The sort choices for these filters: "Best Match" only where there is a search text. */
export function sortOptions(filters: SearchFilters): ReadonlyArray<{ value: SearchSort; label: string }> {
  return filters.q ? SEARCH_SORTS : SEARCH_SORTS.filter((s) => s.value !== 'relevance');
}

/** The `sort` the address and the API call carry: none when it is the default for these filters. */
export function sortParam(filters: SearchFilters, sort: SearchSort | undefined): SearchSort | undefined {
  const effective = effectiveSort(filters, sort);
  return effective === effectiveSort(filters, undefined) ? undefined : effective;
}

/** The address parameters for filters, in a stable order; text is trimmed, blanks and "all" left out. */
export function filtersToParams(filters: SearchFilters, sort?: SearchSort): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = clean(filters[key]);
    if (value !== undefined) params.set(key, value);
  }
  const order = sortParam({ q: clean(filters.q) }, sort);
  if (order) params.set('sort', order);
  return params;
}

/** The /search address for a set of filters ("/search" when there are none). */
export function searchUrl(filters: SearchFilters): string {
  const query = filtersToParams(filters).toString();
  return query ? `/search?${query}` : '/search';
}

/** Filters with one key changed; "all" or blank removes it. */
export function withFilter(filters: SearchFilters, key: FilterKey, value: string): SearchFilters {
  const next: SearchFilters = { ...filters };
  const v = clean(value);
  if (v === undefined) delete next[key];
  else next[key] = v;
  return next;
}

export function hasAnyFilter(filters: SearchFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** Only a category is chosen: the page shows that category's featured block. */
export function isCategoryOnly(filters: SearchFilters): boolean {
  return filters.category !== undefined && FILTER_KEYS.every((key) => key === 'category' || filters[key] === undefined);
}

const nameOf = (list: ReadonlyArray<{ slug: string; name: string }> | undefined, slug: string) =>
  list?.find((item) => item.slug === slug)?.name ?? slug;

/** The name of a category slug, or the slug while categories are unknown. */
export function categoryName(categories: readonly CategoryDto[] | undefined, slug: string): string {
  return nameOf(categories, slug);
}

/** The name of a make slug, or the slug while makes are unknown. */
export function makeName(makes: readonly MakeDto[] | undefined, slug: string): string {
  return nameOf(makes, slug);
}

/** The heading of /search, first match wins (spec 000 §2 "Search"). */
export function searchHeading(
  filters: SearchFilters,
  categories: readonly CategoryDto[] | undefined,
  makes: readonly MakeDto[] | undefined,
): string {
  if (filters.q) return `Search results for "${filters.q}"`;
  if (filters.category) return `${categoryName(categories, filters.category)} Parts`;
  if (filters.make) return `${makeName(makes, filters.make)} Parts`;
  if (filters.yearFrom && filters.yearTo) return `${filters.yearFrom}-${filters.yearTo} Parts`;
  if (filters.yearFrom) return `${filters.yearFrom}+ Parts`;
  if (filters.yearTo) return `Up to ${filters.yearTo} Parts`;
  return 'Browse Parts';
}

/** The search text after typo correction, from GET /api/parts' X-Corrected-Query (sent URI-encoded), or null. */
export function correctedQueryOf(headers: Headers): string | null {
  const value = headers.get('X-Corrected-Query');
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The typed words no listing holds, from GET /api/parts' X-Unmatched-Words (sent when nothing matched). */
export function unmatchedWordsOf(headers: Headers): string[] {
  const value = headers.get('X-Unmatched-Words');
  if (!value) return [];
  try {
    return decodeURIComponent(value).split(' ').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The empty state's message: a text search says what it did not find ('No parts match "carb"'), naming the words no
 * listing holds when the server says which; a browse without a text keeps the spec's "No parts found".
 */
export function noPartsText(q: string | undefined, unmatched: readonly string[]): { title: string; detail: string | null } {
  if (!q) return { title: 'No parts found', detail: null };
  const title = `No parts match "${q}"`;
  if (!unmatched.length) return { title, detail: 'Try fewer words or another spelling.' };
  const words = unmatched.map((w) => `"${w}"`).join(', ');
  return { title, detail: `No listing mentions ${words}. Check the spelling or try another word.` };
}

/** "1 part found" / "N parts found". */
export function partsFoundText(total: number, exact = true): string {
  // Past the server's count bound, X-Total-Count is the bound and more parts match: "1,000+ parts found".
  if (!exact) return `${total.toLocaleString('en-US')}+ parts found`;
  return `${total} ${total === 1 ? 'part' : 'parts'} found`;
}

/** Whether a search page's X-Total-Count is the exact count (false past the server's count bound). */
export function totalIsExact(headers: Headers): boolean {
  return headers.get('X-Total-Count-Exact') !== 'false';
}

/** The cursor of the search page after this one (X-Next-Cursor), or undefined on the last page. */
export function nextCursorOf(headers: Headers): string | undefined {
  return headers.get('X-Next-Cursor') || undefined;
}

/** "1 result" / "N results". */
export function resultsText(count: number): string {
  return `${count} ${count === 1 ? 'result' : 'results'}`;
}

export interface YearOption {
  value: string;
  label: string;
}

function decades(from: number, to: number): YearOption[] {
  const options: YearOption[] = [{ value: ALL, label: 'Any' }];
  for (let year = from; year <= to; year += 10) options.push({ value: String(year), label: String(year) });
  return options;
}

/** Year From: Any, then 1900 to 2000 in steps of 10. */
export const YEAR_FROM_OPTIONS: readonly YearOption[] = decades(1900, 2000);
/** Year To: Any, then 1920 to 2020 in steps of 10. */
export const YEAR_TO_OPTIONS: readonly YearOption[] = decades(1920, 2020);

/** The fixed texts of the "Featured {category} Parts" block, by category name. */
export const FEATURED_CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Engine: 'Blocks, heads, cranks, cams and complete long blocks, hand-picked from sellers who build engines for a living.',
  Body: 'Panels, fenders, hoods and trim pieces to bring a tired shell back to concours straight.',
  Interior: 'Seats, dashes, door cards, gauges and upholstery to put the cabin back the way it left the factory.',
  Wheels: 'Period-correct wheels, knock-offs, centre caps and tyres for the right stance and fitment.',
  Transmission: 'Gearboxes, clutches, bellhousings and differentials, from rebuilt four-speeds to race-ready sequentials.',
  Suspension: 'Springs, shocks, bushings, steering boxes and sway bars to make it handle like it should.',
  Electrical: 'Harnesses, ignition, charging and switches, new-old-stock and reproduction, for wiring done right.',
  Exhaust: 'Manifolds, headers, mufflers and complete systems for the sound and the flow you are after.',
  Safety: 'Harnesses, helmets, roll cages and nets from trusted makers, for the track and the street.',
  Fire: 'Extinguishers and plumbed-in suppression systems to keep the car, and the driver, safe.',
  Pit: 'Jacks, stands, tyre warmers, fuel jugs and the equipment that keeps a race weekend running.',
  Misc: 'The hard-to-categorise finds: memorabilia, manuals, tools and the odd part you did not know you needed.',
  'Body Parts': 'Doors, quarter panels, bumpers and glass sourced from sellers who know the cars inside out.',
  Brakes: 'Calipers, rotors, master cylinders and lines to stop as well as it goes.',
  'Engine Parts': 'Pistons, gaskets, carburettors, pumps and the small parts that keep an engine healthy.',
};

/** Our category slugs whose names differ from the descriptions' names. */
const DESCRIPTION_BY_SLUG: Readonly<Record<string, string>> = {
  engine: 'Engine',
  drivetrain: 'Transmission',
  transmission: 'Transmission',
  suspension: 'Suspension',
  exhaust: 'Exhaust',
  brakes: 'Brakes',
  body: 'Body',
  interior: 'Interior',
  electrical: 'Electrical',
  wheels: 'Wheels',
  fire: 'Fire',
  safety: 'Safety',
  pit: 'Pit',
  misc: 'Misc',
};

/** The featured block's description for a category: by name, then by slug, else a general line. */
export function featuredCategoryDescription(slug: string, name: string): string {
  const key = Object.hasOwn(FEATURED_CATEGORY_DESCRIPTIONS, name)
    ? name
    : Object.hasOwn(DESCRIPTION_BY_SLUG, slug)
      ? DESCRIPTION_BY_SLUG[slug]
      : undefined;
  return (key && FEATURED_CATEGORY_DESCRIPTIONS[key]) || `Hand-picked ${name} parts from trusted sellers.`;
}
