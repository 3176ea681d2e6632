import type { SqlRunner } from '../../platform/db/sql-runner.js';
import type { FacetCountDto, PartFacetsDto, PriceFacetDto, YearFacetDto } from './part.dto.js';

// The statements of GET /api/parts/facets: matches per category, make, decade of fitment years and price band,
// each counted among the first `bound + 1` matches (the scan stops there), never by reading every match.

/** A facet's own filter, which its counts ignore (so the panel still offers the other choices while one is chosen). */
export type FacetFilter = 'category' | 'make' | 'years' | 'price';

/** The search's condition on `parts p` without `omit` (PartSearch's filters and text), with its parameters. */
export type FacetWhere = (omit: FacetFilter) => { sql: string; params: unknown[] };

/**
 * The price bands, cheapest first, in integer cents: a band holds prices from its minCents up to (not including)
 * its maxCents. Fixed, not computed from the matches: the same band means the same prices on every search, and the
 * statement keeps one text (the thresholds are written into it).
 */
export const PRICE_BANDS: readonly Omit<PriceFacetDto, 'count'>[] = [
  { minCents: 0, maxCents: 5_000, label: 'Under $50' },
  { minCents: 5_000, maxCents: 20_000, label: '$50–$200' },
  { minCents: 20_000, maxCents: 50_000, label: '$200–$500' },
  { minCents: 50_000, maxCents: 100_000, label: '$500–$1,000' },
  { minCents: 100_000, maxCents: 500_000, label: '$1,000–$5,000' },
  { minCents: 500_000, maxCents: null, label: '$5,000 and more' },
];

/** The bands' lower ends past the first, for width_bucket: price below the first is bucket 0, i.e. PRICE_BANDS[0]. */
const PRICE_THRESHOLDS = `array[${PRICE_BANDS.slice(1).map((b) => b.minCents).join(',')}]::numeric[]`;

/** A listing's first and last fitment year (either alone stands for both), as the years filter reads them. */
const FIRST_YEAR = 'coalesce(m.year_start, m.year_end)::int';
const LAST_YEAR = 'coalesce(m.year_end, m.year_start)::int';

type Named = { slug: string; name: string; count: number };

/** A facet's lines, and how many matches it read to count them (at most bound + 1). */
interface Counted<T> {
  rows: T[];
  read: number;
}

const sumOf = (rows: readonly { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);

/**
 * The facets of one search: `where` is its condition without a facet's own filter (see PartSearch.facets), and
 * `bound` the count bound, so each facet reads at most `bound + 1` matches.
 */
export class SearchFacets {
  constructor(
    private readonly db: SqlRunner,
    private readonly bound: number,
    private readonly where: FacetWhere,
  ) {}

  /**
   * Every facet, exact when each read all its matches (at most `bound`), else counts among the first bound + 1
   * matches each (lower bounds).
   */
  async all(): Promise<Pick<PartFacetsDto, 'categories' | 'makes' | 'years' | 'prices' | 'exact'>> {
    const categories = await this.categories();
    const makes = await this.makes();
    const years = await this.years();
    const prices = await this.prices();
    const exact = [categories, makes, years, prices].every((f) => f.read <= this.bound);
    return { categories: categories.rows, makes: makes.rows, years: years.rows, prices: prices.rows, exact };
  }

  /** Matches per category, most first. */
  categories(): Promise<Counted<FacetCountDto>> {
    return this.named('category', 'categories');
  }

  /** Matches per make, most first. */
  makes(): Promise<Counted<FacetCountDto>> {
    return this.named('make', 'makes');
  }

  /** Matches per value of `column` (category or make), named from its reference table, most first. */
  private async named(column: 'category' | 'make', table: 'categories' | 'makes'): Promise<Counted<FacetCountDto>> {
    const where = this.where(column);
    const rows = await this.db.run<Named>(
      `select t.slug, t.name, count(*)::int as count
       from (select p.${column} as slug from parts p where ${where.sql} limit ?) m join ${table} t on t.slug = m.slug
       group by t.slug, t.name order by count desc, t.name asc`,
      [...where.params, this.bound + 1],
    );
    const named = rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) }));
    return { rows: named, read: sumOf(named) };
  }

  /**
   * Matches per decade their years overlap, oldest first: a listing spanning two decades counts in both, one
   * without years in none. So the counts need not add up to the matches read, which come as a line of their own
   * (decade null). The matches read are any, not only those with years: the scan still stops at bound + 1.
   */
  async years(): Promise<Counted<YearFacetDto>> {
    const where = this.where('years');
    const rows = await this.db.run<{ decade: number | null; count: number }>(
      `with m as materialized (select p.year_start, p.year_end from parts p where ${where.sql} limit ?)
       select d.decade, count(*)::int as count
       from m cross join lateral generate_series(${FIRST_YEAR} / 10 * 10, ${LAST_YEAR} / 10 * 10, 10) as d(decade)
       group by d.decade
       union all
       select null, count(*)::int from m
       order by decade nulls first`,
      [...where.params, this.bound + 1],
    );
    const decades = rows
      .filter((r) => r.decade !== null)
      .map((r) => ({ decade: Number(r.decade), label: `${Number(r.decade)}s`, count: Number(r.count) }));
    return { rows: decades, read: Number(rows.find((r) => r.decade === null)?.count ?? 0) };
  }

  /** Matches per price band (PRICE_BANDS), cheapest first; bands without matches are left out. */
  async prices(): Promise<Counted<PriceFacetDto>> {
    const where = this.where('price');
    const rows = await this.db.run<{ band: number; count: number }>(
      `select width_bucket(m.price * 100, ${PRICE_THRESHOLDS}) as band, count(*)::int as count
       from (select p.price from parts p where ${where.sql} limit ?) m
       group by band order by band`,
      [...where.params, this.bound + 1],
    );
    const bands = rows.map((r) => ({ ...PRICE_BANDS[Number(r.band)]!, count: Number(r.count) }));
    return { rows: bands, read: sumOf(bands) };
  }
}
