import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { PART_COLUMNS, type PartRow, readPartRows } from './part-read.sql.js';
import type { PartSort } from './part.schemas.js';

export type { PreparedQuery } from './search-lexicon.sql.js';
import type { KnownWords, RememberedSet } from './search.words.js';
import { type PreparedQuery, prepareQuery } from './search-lexicon.sql.js';
import { exactHit, INTERCHANGE_TIER, numberMatch, tierOf } from './part-number-search.sql.js';
import { recentNewest } from './search-recent.sql.js';
import { afterCursor, BROWSE_KEYS, encodeCursor, orderOf, RELEVANCE_KEYS, type SortKey, sortKeyOf } from './search-keyset.sql.js';
import { type FacetFilter, SearchFacets } from './search-facets.sql.js';
import {
  COMMON_RECHECK_MS,
  COUNT_BOUND,
  type PageRequest,
  RANK_ALL_LIMIT,
  RANK_CANDIDATES,
  type SearchFilters,
  type SearchResults,
} from './part-search.types.js';

export * from './part-search.types.js';

interface Sql {
  sql: string;
  params: unknown[];
}

const TSQUERY = `plainto_tsquery('english', ?)`;
/** The text's query when it has trade words: their alternatives are operators, so it is written as to_tsquery's. */
const TSQUERY_EXPRESSION = `to_tsquery('english', ?)`;
/**
 * A match's relevance: ts_rank over the weighted vector (A title, B make, model and part number, C description,
 * D category) with the default weights scaled down tenfold, so that several title words side by side add up
 * instead of all rounding to 1.0 and tying. Not ts_rank_cd: it tells them apart too, at a far higher cost per
 * ranked match (docs/performance.md).
 */
const rankOf = (tsquery: string) => `ts_rank('{0.01,0.02,0.04,0.1}'::float4[], p.search_vector, ${tsquery})`;
/**
 * A relevance search with no filter but its text has one right plan whatever the words (the text index's bitmap
 * scan), so its prepared statement keeps the text's query, limit and offset behind one-row subqueries: no value
 * reaches the planner, PostgreSQL keeps the generic plan instead of planning each search anew, and the text is
 * parsed once per run rather than once per ranked match. Filtered searches keep the plain form: their plans are
 * made for their values on purpose (see platform/db/sql-runner.ts).
 */
const KEPT = { tsquery: `(select ${TSQUERY})`, limit: '(select ?::int)', offset: '(select ?::int)' };
/** The same places written plainly, for statements planned with their values. */
const PLANNED = { tsquery: TSQUERY, limit: '?', offset: '?' };
type Placeholders = typeof PLANNED;
/** `places` for `query`: a text with trade words runs its expression (a statement of its own). */
const placesFor = (places: Placeholders, query: PreparedQuery | null): Placeholders =>
  query?.expression ? { ...places, tsquery: places.tsquery.replace(TSQUERY, TSQUERY_EXPRESSION) } : places;
/** The value of the text's query placeholder (see placesFor). */
const searched = (query: PreparedQuery) => query.expression ?? query.text;
/** A fitment entry's engine as fitsVehicle compares it: lower case, without spaces and dashes (the garage's engineKey). */
const ENGINE_KEY = `regexp_replace(lower(f.engine), '[[:space:]-]+', '', 'g')`;

/** The filters besides visibility and the text. */
const UNFILTERED_KEYS = ['category', 'make', 'yearFrom', 'yearTo', 'sellerId', 'condition', 'minPriceCents', 'maxPriceCents', 'fitsVehicle'] as const;

/** No filter but visibility and, perhaps, the text. */
const hasNoFilter = (filters: SearchFilters) => UNFILTERED_KEYS.every((key) => filters[key] === undefined);

/**
 * A row of a search page: the match count (as far as it was counted), a part's id and its sort key values (see
 * sortKeyOf), with its columns when the statement reads them (the id is null when the page is past the end).
 */
type PageRow = Partial<Omit<PartRow, 'id'>> & { id: string | null; total: number; sort_key: unknown };

/** A relevance row found through an interchange group: not an exact hit, in the interchange tier (sort key [pn_hit, tier, ...]). */
const isInterchangeHit = (row: PageRow) => {
  const key = (typeof row.sort_key === 'string' ? JSON.parse(row.sort_key) : row.sort_key) as unknown[];
  return key[0] === false && key[1] === INTERCHANGE_TIER;
};

const totalOf = (rows: readonly PageRow[]) => Number(rows[0]?.total ?? 0);

/** One relevance search as results() runs it: its filters, text, placeholders, page, runner and page wrapper. */
interface RelevanceSearch {
  filters: SearchFilters;
  query: PreparedQuery;
  places: Placeholders;
  page: PageRequest;
  run: (sql: string, params: unknown[]) => Promise<PageRow[]>;
  withParts: (count: string, ordered: string, keys: readonly SortKey[]) => string;
}

/**
 * The count, then one page of `ordered` (which yields `id` and the sort keys) after the cursor (if any), one
 * row more than asked (so the caller knows whether a page follows), with the parts' columns when `columns`
 * (else only their ids). The count is left-joined to the page so that it comes even when the page is empty.
 * Parameters: those of the cursor, then limit + 1 and offset (written as `places` says): see pageParams.
 */
function pageOf(count: string, ordered: string, keys: readonly SortKey[], columns: boolean, places: Placeholders, after: boolean): string {
  const order = orderOf(keys);
  const cursor = after ? `where ${afterCursor(keys, keys.map(() => '')).sql}` : '';
  return `select total.n as total, ${sortKeyOf(keys)} as sort_key, ${columns ? PART_COLUMNS : 'page.id'}
    from ${count} total
    left join lateral (select * from (${ordered}) o ${cursor}
      order by ${order.inner} limit ${places.limit} offset ${places.offset}) page on true
    ${columns ? 'left join parts p on p.id = page.id' : ''}
    order by ${order.outer}`;
}

/** The parameters of pageOf's page. */
const pageParams = (keys: readonly SortKey[], page: PageRequest): unknown[] => [
  ...(page.after ? afterCursor(keys, page.after).params : []),
  page.limit + 1,
  page.after ? 0 : page.offset,
];

/** Counts at most `limit` matches of `where` (a one-row `n`). Parameters: where's, then the limit. */
const boundedCount = (where: string) => `select count(*)::int as n from (select 1 from parts p where ${where} limit ?) counted`;

/** The sort keys of a page: relevance (with a text) or one of the browse orders. */
export function searchKeys(sort: PartSort, hasText: boolean): SortKey[] {
  if (sort === 'relevance') return hasText ? RELEVANCE_KEYS : [...BROWSE_KEYS.newest];
  return [...BROWSE_KEYS[sort]];
}

const YEARS = `int4range(coalesce(p.year_start, p.year_end)::int, coalesce(p.year_end, p.year_start)::int, '[]')`;

/** SQL of the catalog's search: lexicon correction, full-text match, filters and ranking (facets: SearchFacets). */
export class PartSearch {
  /** `known` remembers words found in the lexicon, so searches of known words skip the lexicon query. */
  constructor(
    private readonly db: SqlRunner,
    private readonly known?: KnownWords,
    /** Counts are exact up to this many matches (COUNT_BOUND unless a test asks for fewer). */
    private readonly bound = COUNT_BOUND,
    /** Unfiltered texts seen to match more than RANK_ALL_LIMIT parts (see results): a cost hint, never an answer. */
    private readonly common?: RememberedSet,
  ) {}

  /**
   * The key under which `common` remembers a relevance text, or null when it is not remembered: filtered
   * searches, and counts bounded above RANK_ALL_LIMIT (newestRanked's count is then exact, not its window's).
   */
  private commonKey(filters: SearchFilters, query: PreparedQuery): string | null {
    if (!this.common || !hasNoFilter(filters) || this.bound >= RANK_ALL_LIMIT) return null;
    return [filters.visibility, searched(query), ...query.partNumbers].join('\u0000');
  }

  /** The search text corrected against the lexicon (see prepareQuery). */
  prepare(q: string): Promise<PreparedQuery> {
    return prepareQuery(this.db, q, this.known);
  }

  /** `places` says how the search text's query is written (see KEPT). */
  private where(
    filters: SearchFilters,
    query: PreparedQuery | null,
    omit?: FacetFilter,
    places: Placeholders = placesFor(PLANNED, query),
    /** The text's words only, not its part numbers too. */
    textOnly = false,
  ): Sql {
    const parts: string[] = [filters.visibility === 'listed' ? '(p.is_active or p.sold_at is not null)' : 'p.is_active'];
    const params: unknown[] = [];
    if (filters.visibility === 'public') parts.push('p.is_approved');
    if (filters.category && omit !== 'category') {
      parts.push('p.category = ?');
      params.push(filters.category);
    }
    if (filters.make && omit !== 'make') {
      parts.push('p.make = ?');
      params.push(filters.make);
    }
    if (filters.sellerId) {
      parts.push('p.seller_id = ?');
      params.push(filters.sellerId);
    }
    if (filters.condition) {
      parts.push('p.condition = ?');
      params.push(filters.condition);
    }
    if (filters.minPriceCents !== undefined && omit !== 'price') {
      parts.push('p.price >= ?::numeric / 100');
      params.push(filters.minPriceCents);
    }
    if (filters.maxPriceCents !== undefined && omit !== 'price') {
      parts.push('p.price <= ?::numeric / 100');
      params.push(filters.maxPriceCents);
    }
    if ((filters.yearFrom !== undefined || filters.yearTo !== undefined) && omit !== 'years') {
      // Ranges overlap; a listing without years fits no particular year.
      parts.push(`(p.year_start is not null or p.year_end is not null) and ${YEARS} && int4range(?::int, ?::int, '[]')`);
      params.push(filters.yearFrom ?? null, filters.yearTo ?? null);
    }
    if (filters.fitsVehicle) {
      // A body entry (no engine) of the vehicle's make and model whose years overlap the vehicle's (no years on
      // either side: any year), or an engine entry naming the vehicle's engine code (whatever the body).
      const v = filters.fitsVehicle;
      parts.push(`exists (select 1 from part_fitments f where f.part_id = p.id
        and ((coalesce(${ENGINE_KEY}, '') = ''
              and lower(f.make) = any(?::text[]) and lower(f.model) = ?
              and int4range(coalesce(f.year_start, f.year_end)::int, coalesce(f.year_end, f.year_start)::int, '[]')
                  && int4range(?::int, ?::int, '[]'))
          or ${ENGINE_KEY} = ?::text))`);
      params.push(`{${v.makes.map((m) => JSON.stringify(m)).join(',')}}`, v.model, v.yearStart ?? v.yearEnd, v.yearEnd ?? v.yearStart, v.engineKey);
      if (v.confirmed) {
        // confirmedOnly: a buyer reported it fitting this vehicle, on this listing or one of the same part number.
        parts.push(`(p.id = any(array(select jsonb_array_elements_text(?::jsonb))::uuid[]) or p.part_number_norm = any(array(select jsonb_array_elements_text(?::jsonb))::text[]))`);
        params.push(JSON.stringify(v.confirmed.partIds), JSON.stringify(v.confirmed.partNumbers));
      }
    }
    if (query && textOnly) {
      parts.push(`p.search_vector @@ ${places.tsquery}`);
      params.push(searched(query));
    } else if (query) {
      const numbers = numberMatch(query.partNumbers);
      parts.push(`(p.search_vector @@ ${places.tsquery} or ${numbers.sql})`);
      params.push(searched(query), ...numbers.params);
    }
    return { sql: parts.join(' and '), params };
  }

  /**
   * The statement that counts the matches of `where`, as a one-row `n`: at most `bound + 1` of them (the scan
   * stops there), so a common word costs no more to count than a rare one. The whole public catalog (no filter,
   * no text) is read, exactly, from the counter its triggers keep (migration catalog-browse-counts).
   */
  private countOf(filters: SearchFilters, query: PreparedQuery | null, where: Sql): Sql & { bounded: boolean } {
    if (filters.visibility === 'public' && !query && hasNoFilter(filters)) {
      return { sql: 'select parts::int as n from catalog_public_count', params: [], bounded: false };
    }
    return { sql: boundedCount(where.sql), params: [...where.params, this.bound + 1], bounded: true };
  }

  /** A count of up to bound + 1 matches as the answer says it: exact, or the bound and not exact. */
  private counted(n: number): { total: number; exact: boolean } {
    return n > this.bound ? { total: this.bound, exact: false } : { total: n, exact: true };
  }

  /** Counts the matches, exactly up to the bound. */
  async count(filters: SearchFilters, query: PreparedQuery | null): Promise<{ total: number; exact: boolean }> {
    const count = this.countOf(filters, query, this.where(filters, query));
    const [row] = await this.db.run<{ n: number }>(count.sql, count.params);
    const n = Number(row?.n ?? 0);
    return count.bounded ? this.counted(n) : { total: n, exact: true };
  }

  /**
   * One page of matching parts (their columns and vehicle entries) in the requested order, with the count of
   * matches up to the bound and the cursor of the next page; the count still comes when the page is past the
   * end. A search without filters is one prepared statement. A filtered one is planned at each run, so its
   * parts are read by a second, prepared statement (planning their columns with the search cost more than the
   * extra round trip). A relevance search whose matches are more than RANK_ALL_LIMIT takes one more statement
   * (see newestRanked).
   */
  async results(filters: SearchFilters, query: PreparedQuery | null, sort: PartSort, page: PageRequest): Promise<SearchResults> {
    // With no filter but the text, one plan suits every search (the text index), so the statement is
    // prepared and its plan kept; filters need a plan for their values (see platform/db/sql-runner.ts).
    const unfiltered = hasNoFilter(filters);
    // Relevance is the one order whose plan is the text index's bitmap scan whatever the words (see KEPT);
    // newest and price first could walk their own index instead, which suits common words only.
    const places = placesFor(unfiltered && sort === 'relevance' && query ? KEPT : PLANNED, query);
    const where = this.where(filters, query, undefined, places);
    const run = (sql: string, params: unknown[]) =>
      unfiltered ? this.db.runPrepared<PageRow>(sql, params) : this.db.run<PageRow>(sql, params);
    const withParts = (count: string, ordered: string, keys: readonly SortKey[]) =>
      pageOf(count, ordered, keys, unfiltered, places, page.after !== null);
    let rows: PageRow[];
    let counted: { total: number; exact: boolean };
    if (sort === 'relevance' && query) {
      let matches: number;
      ({ rows, matches } = await this.relevancePage({ filters, query, places, page, run, withParts }, where));
      counted = this.counted(matches);
    } else {
      const keys = searchKeys(sort, false);
      const count = this.countOf(filters, query, where);
      rows = await run(
        withParts(`(${count.sql})`, `select p.id, p.created_at, p.price from parts p where ${where.sql}`, keys),
        [...count.params, ...where.params, ...pageParams(keys, page)],
      );
      counted = count.bounded ? this.counted(totalOf(rows)) : { total: totalOf(rows), exact: true };
    }
    const found = rows.filter((r) => r.id !== null);
    const shown = found.slice(0, page.limit);
    const next = found.length > page.limit ? encodeCursor(shown.at(-1)!.sort_key) : null;
    const interchangeIds = sort === 'relevance' && query?.partNumbers.length ? shown.filter(isInterchangeHit).map((r) => r.id!) : [];
    if (unfiltered) return { rows: shown as PartRow[], ...counted, next, interchangeIds };
    return { rows: await readPartRows(this.db, shown.map((r) => r.id!)), ...counted, next, interchangeIds };
  }

  /**
   * A relevance page with how many parts the text matches as far as it was counted. Every match is ranked as it is
   * found (its vector is at hand) as long as there are at most RANK_ALL_LIMIT of them: the scan stops one row later,
   * so a very common word costs no more there; past that, newestRanked. A text remembered as matching more goes
   * straight to commonRanked, and is forgotten (and ranked here) once a count finds RANK_ALL_LIMIT or fewer.
   */
  private async relevancePage(search: RelevanceSearch, where: Sql): Promise<{ rows: PageRow[]; matches: number }> {
    const { filters, query, places, page, run, withParts } = search;
    const common = this.commonKey(filters, query);
    if (common && this.common!.has(common)) {
      const direct = await this.commonRanked(search, common);
      if (direct.matches > RANK_ALL_LIMIT) {
        if (direct.counted) this.common!.remember([common]);
        return direct;
      }
      this.common!.forget(common);
    }
    const [hit, tier] = [exactHit(query.partNumbers), tierOf(query.partNumbers, 0)];
    const rows = await run(
      `with matched as materialized (
         select p.id, p.created_at, ${hit.sql} as pn_hit, ${tier.sql} as tier,
                ${rankOf(places.tsquery)} as rank
         from parts p where ${where.sql}
         limit ${RANK_ALL_LIMIT + 1}
       )
       ${withParts(`(select count(*)::int as n from matched)`, `select id, pn_hit, tier, rank, created_at from matched`, RELEVANCE_KEYS)}`,
      [...hit.params, ...tier.params, searched(query), ...where.params, ...pageParams(RELEVANCE_KEYS, page)],
    );
    if (totalOf(rows) <= RANK_ALL_LIMIT) return { rows, matches: totalOf(rows) };
    if (common) this.common!.remember([common]);
    const newest = await this.newestRanked(search);
    return { rows: newest, matches: totalOf(newest) };
  }

  /**
   * The page of a text remembered as matching more than RANK_ALL_LIMIT parts, with how many it matches as far as
   * known: a first page within the candidates from the newest parts' table when it holds RANK_CANDIDATES matches
   * and the text was counted less than COMMON_RECHECK_MS ago (that count says there are more than RANK_ALL_LIMIT),
   * else by reading every match, counted again (newestRanked's modes `recent` and `counting`).
   */
  private async commonRanked(search: RelevanceSearch, key: string): Promise<{ rows: PageRow[]; matches: number; counted: boolean }> {
    const { filters, page } = search;
    const fresh = this.common!.rememberedWithin(key, COMMON_RECHECK_MS);
    if (fresh && filters.visibility === 'public' && !page.after && page.offset + page.limit + 1 <= RANK_CANDIDATES) {
      const rows = await this.newestRanked(search, 'recent');
      if (totalOf(rows) >= RANK_CANDIDATES) return { rows, matches: RANK_ALL_LIMIT + 1, counted: false };
    }
    const rows = await this.newestRanked(search, 'counting');
    return { rows, matches: totalOf(rows), counted: true };
  }

  /**
   * A relevance page when the matches are too many to rank them all: exact part-number hits first; then the
   * best-ranked of the newest RANK_CANDIDATES matches (tier 0); then the rest, newest first (tier 1). Finding the
   * newest reads every match (a top-N sort), except in mode `recent`. The rest is only read when the page reaches
   * past the candidates: at once for an offset past them or a cursor in the rest, else when the candidates' page
   * comes back short.
   * The count is the bound's "more" (every match is not counted) unless the bound is above RANK_ALL_LIMIT. In
   * mode `counting` it is the number of the text's matches (the newest window counts them as it reads them), so that
   * a caller who skipped the ranking of all matches learns whether they were more than RANK_ALL_LIMIT. In mode
   * `recent` the newest come from the newest parts' table (search-recent.sql.ts) and the count is how many were
   * found there: the page is right only when that is RANK_CANDIDATES (the caller checks), and never reaches the rest.
   */
  private async newestRanked(search: RelevanceSearch, mode: 'bounded' | 'counting' | 'recent' = 'bounded'): Promise<PageRow[]> {
    const { filters, query, places, page, run, withParts } = search;
    const counting = mode === 'counting';
    const statement = (tail: boolean, asked: PageRequest) => {
      const params: unknown[] = [];
      const add = (sql: Sql) => (params.push(...sql.params), sql.sql);
      const text = this.where(filters, query, undefined, places, true);
      const newest =
        mode === 'recent'
          ? `newest as materialized (${add({ sql: recentNewest(places.tsquery, RANK_CANDIDATES), params: [searched(query)] })})`
          : `newest as materialized (
           select p.ctid as tid, p.id, p.created_at${counting ? ', count(*) over () as n' : ''} from parts p
           where ${add(text)}
           order by p.created_at desc, p.id limit ${RANK_CANDIDATES}
         )`;
      const filtered = this.where(filters, null);
      const pn = `pn as materialized (
           select p.ctid as tid, p.id, p.created_at from parts p
           where ${add(filtered)} and ${add(numberMatch(query.partNumbers))} and p.id not in (select id from newest)
         )`;
      const [hit, tier] = [exactHit(query.partNumbers), tierOf(query.partNumbers, 0)];
      const rankSql = `select c.id, ${add(hit)} as pn_hit, ${add(tier)} as tier,
             ${rankOf(places.tsquery)} as rank, c.created_at
           from (select tid, id, created_at from newest union all select * from pn) c join parts p on p.ctid = c.tid`;
      params.push(searched(query));
      let ordered = rankSql;
      if (tail) {
        ordered += ` union all
           select p.id, ${add(exactHit(query.partNumbers))} as pn_hit, 1 as tier, 0::float4 as rank, p.created_at
           from parts p where ${add(this.where(filters, query, undefined, places))}
             and p.id not in (select id from newest) and p.id not in (select id from pn)`;
      }
      const count = counting
        ? '(select coalesce(max(n), 0)::int as n from newest)'
        : mode === 'recent' ? '(select count(*)::int as n from newest)'
        : this.bound < RANK_ALL_LIMIT ? '(select ?::int as n)' : `(${boundedCount(this.where(filters, query, undefined, places).sql)})`;
      const countParams = mode !== 'bounded' ? [] : this.bound < RANK_ALL_LIMIT ? [this.bound + 1] : [...this.where(filters, query, undefined, places).params, this.bound + 1];
      const sql = `with ${newest},
         ${pn},
         ordered as (${ordered})
         ${withParts(count, 'select * from ordered', RELEVANCE_KEYS)}`;
      return { sql, params: [...params, ...countParams, ...pageParams(RELEVANCE_KEYS, asked)] };
    };
    const inTail = page.after ? page.after[1] === '1' : page.offset + page.limit + 1 > RANK_CANDIDATES;
    const first = statement(inTail, page);
    const rows = await run(first.sql, first.params);
    if (mode === 'recent' || inTail || rows.filter((r) => r.id !== null).length > page.limit) return rows;
    const again = statement(true, page);
    return run(again.sql, again.params);
  }

  /**
   * Matches per category, make, decade of fitment years and price band, each among the first `bound + 1` matches
   * read and ignoring its own filter (see SearchFacets).
   */
  facets(filters: SearchFilters, query: PreparedQuery | null) {
    return new SearchFacets(this.db, this.bound, (omit) => this.where(filters, query, omit)).all();
  }
}
