import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { PART_COLUMNS, type PartRow, readPartRows } from './part-read.sql.js';
import type { Condition } from './part.entity.js';
import type { PartSort } from './part.schemas.js';
import type { VehicleFilter } from './vehicle-filter.port.js';
import {
  correctWords,
  isCorrectable,
  type KnownWords,
  lexiconProbe,
  partNumberCandidates,
  queryWords,
  requiredWords,
  unmatchedWords,
} from './search.words.js';
import { tradeWordsQuery } from './search.trade-words.js';

/** A relevance search with at most this many matches ranks them all (see rankOf) as they are found. */
export const RANK_ALL_LIMIT = 2000;
/** With more matches, only this many of the newest are ranked; the rest follow, newest first. */
export const RANK_CANDIDATES = 500;

/** Which listings a search may return. */
export type Visibility =
  /** approved and active: everyone */
  | 'public'
  /** active in any approval state: admins searching the catalog */
  | 'active'
  /** active in any approval state, or sold: a seller's own listings, and an admin's view of one seller's */
  | 'listed';

export interface SearchFilters {
  visibility: Visibility;
  category?: string;
  make?: string;
  yearFrom?: number;
  yearTo?: number;
  sellerId?: string;
  condition?: Condition;
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Only parts with an entry that fits this vehicle (GET /api/parts?fitsVehicle=): see VehicleFilter. */
  fitsVehicle?: VehicleFilter;
}

/** A search text after typo correction: what full-text search runs, and the part numbers to match exactly. */
export interface PreparedQuery {
  /** The words full-text search runs: the corrected query's words but the optional ones (empty if it has only those). */
  text: string;
  /** When `text` holds a trade word ("carb"), the to_tsquery text that also matches what it stands for; else null. */
  expression: string | null;
  partNumbers: string[];
  /** The corrected text when it differs from what was typed, else null. */
  corrected: string | null;
  /** Typed words no public listing holds, in any form (see unmatchedWords); empty when the lexicon was not asked. */
  unmatched: string[];
}

interface Sql {
  sql: string;
  params: unknown[];
}

const TSQUERY = `plainto_tsquery('english', ?)`;
/** The text's query when it has trade words: their alternatives are operators, so it is written as to_tsquery's. */
const TSQUERY_EXPRESSION = `to_tsquery('english', ?)`;
/**
 * A word's English stem as the text index holds it, written as the lexicon's stem index is (migration
 * catalog-search-word-stems), so the look-up uses it; null for stop words.
 */
const STEM_OF = (word: string) => `(ts_lexize('english_stem', ${word}))[1]`;
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

const PART_NUMBERS = `array(select jsonb_array_elements_text(?::jsonb))::text[]`;
/** The filters besides visibility and the text. */
const UNFILTERED_KEYS = ['category', 'make', 'yearFrom', 'yearTo', 'sellerId', 'condition', 'minPriceCents', 'maxPriceCents', 'fitsVehicle'] as const;

/** No filter but visibility and, perhaps, the text. */
const hasNoFilter = (filters: SearchFilters) => UNFILTERED_KEYS.every((key) => filters[key] === undefined);

/** Sort keys of the sorts other than relevance (relevance without a text is newest first), over a page's columns. */
const SORT_KEYS: Record<PartSort, string[]> = {
  relevance: ['created_at desc', 'id'],
  newest: ['created_at desc', 'id'],
  price_asc: ['price asc', 'created_at desc', 'id'],
  price_desc: ['price desc', 'created_at desc', 'id'],
};

/** An ORDER BY list of sort keys, once for the page's inner query and once, qualified, for its outer join. */
const orderOf = (keys: readonly string[]) => ({ inner: keys.join(', '), outer: keys.map((k) => `page.${k}`).join(', ') });

/**
 * A row of a search page: the match count and a part's id, with its columns when the statement reads them (the
 * id is null when the page is past the end).
 */
type PageRow = Partial<Omit<PartRow, 'id'>> & { id: string | null; total: number };

const totalOf = (rows: readonly PageRow[]) => Number(rows[0]?.total ?? 0);

/**
 * The count, then one page of `ordered` (which yields `id` and the sort keys), with the parts' columns when
 * `columns` (else only their ids). The count is left-joined to the page so that it comes even when the page
 * is empty. Parameters: limit, offset (written as `places` says).
 */
function pageOf(count: string, ordered: string, order: { inner: string; outer: string }, columns: boolean, places: Placeholders): string {
  return `select total.n as total, ${columns ? PART_COLUMNS : 'page.id'}
    from ${count} total
    left join lateral (${ordered} order by ${order.inner} limit ${places.limit} offset ${places.offset}) page on true
    ${columns ? 'left join parts p on p.id = page.id' : ''}
    order by ${order.outer}`;
}

const YEARS = `int4range(coalesce(p.year_start, p.year_end)::int, coalesce(p.year_end, p.year_start)::int, '[]')`;

/** SQL of the catalog's search: lexicon correction, full-text match, filters, ranking and facets. */
export class PartSearch {
  /** `known` remembers words found in the lexicon, so searches of known words skip the lexicon query. */
  constructor(
    private readonly db: SqlRunner,
    private readonly known?: KnownWords,
  ) {}

  /**
   * Corrects each query word against the lexicon of listed words, in one query: which probed words the
   * lexicon knows, which correctable query words it knows in another form (the same English stem: "engine"
   * when listings say "engines", which full-text search matches anyway), and for each correctable query word
   * it knows in no form, its nearest word by trigrams. No query when every word is already known (or not one
   * to correct): nothing would change. Optional words ("parts", "classic") are kept as typed and left out of
   * the text searched.
   */
  async prepare(q: string): Promise<PreparedQuery> {
    const words = queryWords(q);
    const partNumbers = partNumberCandidates(q);
    const prepared = (correctedWords: readonly string[], unmatched: string[] = []): PreparedQuery => {
      const shown = correctedWords.join(' ');
      const required = requiredWords(correctedWords);
      return {
        text: required.join(' '),
        expression: tradeWordsQuery(required),
        partNumbers,
        corrected: shown === words.join(' ') ? null : shown,
        unmatched: [...new Set(unmatched)],
      };
    };
    if (!words.length || this.known?.coversAll(words)) return prepared(words);
    const probe = lexiconProbe(words);
    const rows = await this.db.runPrepared<{ asked: string | null; word: string; similarity: number | null }>(
      `with asked as (
         select distinct w from jsonb_array_elements_text(?::jsonb) as w
       ),
       known as (
         select word from part_search_words where word in (select jsonb_array_elements_text(?::jsonb))
         union
         select a.w from asked a where exists (
           select 1 from part_search_words l where ${STEM_OF('l.word')} = ${STEM_OF('a.w')}
         )
       ),
       unknown as (
         select w from asked where w not in (select word from known)
       )
       select null::text as asked, word, null::float8 as similarity from known
       union all
       select u.w, best.word, best.similarity from unknown u cross join lateral (
         select l.word, similarity(l.word, u.w)::float8 as similarity from part_search_words l
         where l.word % u.w order by similarity desc, abs(length(l.word) - length(u.w)) asc, l.word asc limit 1
       ) best`,
      [JSON.stringify(words.filter(isCorrectable)), JSON.stringify(probe)],
    );
    const known = new Set(rows.filter((r) => r.asked === null).map((r) => r.word));
    this.known?.remember(known);
    const nearest = new Map<string, { word: string; similarity: number }>();
    for (const r of rows) if (r.asked !== null) nearest.set(r.asked, { word: r.word, similarity: Number(r.similarity) });
    return prepared(correctWords(words, { known, nearest }), unmatchedWords(words, { known, nearest }));
  }

  /** `places` says how the search text's query is written (see KEPT). */
  private where(
    filters: SearchFilters,
    query: PreparedQuery | null,
    omit?: 'category' | 'make',
    places: Placeholders = placesFor(PLANNED, query),
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
    if (filters.minPriceCents !== undefined) {
      parts.push('p.price >= ?::numeric / 100');
      params.push(filters.minPriceCents);
    }
    if (filters.maxPriceCents !== undefined) {
      parts.push('p.price <= ?::numeric / 100');
      params.push(filters.maxPriceCents);
    }
    if (filters.yearFrom !== undefined || filters.yearTo !== undefined) {
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
    }
    if (query) {
      parts.push(`(p.search_vector @@ ${places.tsquery} or p.part_number_norm = any(${PART_NUMBERS}))`);
      params.push(searched(query), JSON.stringify(query.partNumbers));
    }
    return { sql: parts.join(' and '), params };
  }

  /**
   * The statement that counts the matches of `where`, as a one-row `n`. The whole public catalog (no filter,
   * no text) is read from the counter its triggers keep (migration catalog-browse-counts): counting every public
   * part is an index-only scan of them all, and that browse is the home page's.
   */
  private countOf(filters: SearchFilters, query: PreparedQuery | null, where: Sql): Sql {
    if (filters.visibility === 'public' && !query && hasNoFilter(filters)) {
      return { sql: 'select parts::int as n from catalog_public_count', params: [] };
    }
    return { sql: `select count(*)::int as n from parts p where ${where.sql}`, params: where.params };
  }

  /** Counts the matches. */
  async count(filters: SearchFilters, query: PreparedQuery | null): Promise<number> {
    const count = this.countOf(filters, query, this.where(filters, query));
    const [row] = await this.db.run<{ n: number }>(count.sql, count.params);
    return Number(row?.n ?? 0);
  }

  /**
   * One page of matching parts (their columns and vehicle entries) in the requested order, with the number of
   * matches; the count still comes when the page is past the end. A search without filters is one prepared
   * statement. A filtered one is planned at each run, so its parts are read by a second, prepared statement
   * (planning their columns with the search cost more than the extra round trip). A relevance search whose
   * matches are more than RANK_ALL_LIMIT takes one more statement (see rankedCandidates).
   */
  async results(
    filters: SearchFilters,
    query: PreparedQuery | null,
    sort: PartSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: PartRow[]; total: number }> {
    // With no filter but the text, one plan suits every search (the text index), so the statement is
    // prepared and its plan kept; filters need a plan for their values (see platform/db/sql-runner.ts).
    const unfiltered = hasNoFilter(filters);
    // Relevance is the one order whose plan is the text index's bitmap scan whatever the words (see KEPT);
    // newest and price first could walk their own index instead, which suits common words only.
    const places = placesFor(unfiltered && sort === 'relevance' && query ? KEPT : PLANNED, query);
    const where = this.where(filters, query, undefined, places);
    const run = (sql: string, params: unknown[]) =>
      unfiltered ? this.db.runPrepared<PageRow>(sql, params) : this.db.run<PageRow>(sql, params);
    const withParts = (count: string, ordered: string, order: { inner: string; outer: string }) =>
      pageOf(count, ordered, order, unfiltered, places);
    let rows: PageRow[];
    if (sort === 'relevance' && query) {
      // Every match is ranked as it is found (its vector is at hand), as long as there are at most
      // RANK_ALL_LIMIT of them: the scan stops one row later, so a very common word costs no more here.
      const order = orderOf(['pn_hit desc', 'rank desc', 'created_at desc', 'id']);
      rows = await run(
        `with matched as materialized (
           select p.id, p.created_at, coalesce(p.part_number_norm = any(${PART_NUMBERS}), false) as pn_hit,
                  ${rankOf(places.tsquery)} as rank
           from parts p where ${where.sql}
           limit ${RANK_ALL_LIMIT + 1}
         )
         ${withParts(`(select count(*)::int as n from matched)`, `select id, pn_hit, rank, created_at from matched`, order)}`,
        [JSON.stringify(query.partNumbers), searched(query), ...where.params, limit, offset],
      );
      if (totalOf(rows) > RANK_ALL_LIMIT) rows = await this.rankedCandidates(where, query, places, limit, offset, run, withParts);
    } else {
      const order = orderOf(SORT_KEYS[sort]);
      const count = this.countOf(filters, query, where);
      rows = await run(
        withParts(`(${count.sql})`, `select p.id, p.created_at, p.price from parts p where ${where.sql}`, order),
        [...count.params, ...where.params, limit, offset],
      );
    }
    const total = totalOf(rows);
    const found = rows.filter((r) => r.id !== null);
    if (unfiltered) return { rows: found as PartRow[], total };
    return { rows: await readPartRows(this.db, found.map((r) => r.id!)), total };
  }

  /**
   * A relevance page when the matches are too many to rank them all: exact part-number hits first; then the
   * best-ranked of the newest RANK_CANDIDATES matches; then the rest, newest first. The candidates' vectors
   * are fetched again by row address (ctid, stable within the statement's snapshot), so the match itself
   * carries no vectors however common the word; the rest is only ordered when the page reaches past the
   * candidates.
   */
  private rankedCandidates(
    where: Sql,
    query: PreparedQuery,
    places: Placeholders,
    limit: number,
    offset: number,
    run: (sql: string, params: unknown[]) => Promise<PageRow[]>,
    withParts: (count: string, ordered: string, order: { inner: string; outer: string }) => string,
  ): Promise<PageRow[]> {
    const tail = offset + limit > RANK_CANDIDATES;
    const order = orderOf(['pn_hit desc', 'tier asc', 'rank desc', 'created_at desc', 'id']);
    return run(
      `with matched as materialized (
         select p.ctid as tid, p.id, p.created_at, coalesce(p.part_number_norm = any(${PART_NUMBERS}), false) as pn_hit
         from parts p where ${where.sql}
       ),
       candidates as materialized (
         select tid, id, pn_hit, created_at from matched order by pn_hit desc, created_at desc limit ${RANK_CANDIDATES}
       ),
       ordered as (
         select c.id, c.pn_hit, c.created_at, 0 as tier, ${rankOf(places.tsquery)} as rank
         from candidates c join parts p on p.ctid = c.tid
         ${
           tail
             ? `union all
         select m.id, m.pn_hit, m.created_at, 1 as tier, 0 as rank from matched m
         where not exists (select 1 from candidates c where c.id = m.id)`
             : ''
         }
       )
       ${withParts(`(select count(*)::int as n from matched)`, `select id, pn_hit, tier, rank, created_at from ordered`, order)}`,
      [JSON.stringify(query.partNumbers), ...where.params, searched(query), limit, offset],
    );
  }

  /**
   * Matches per category and per make. Each facet ignores its own filter (so the panel still offers the
   * other categories while one is chosen) and applies all the others.
   */
  async facets(filters: SearchFilters, query: PreparedQuery | null) {
    const byCategory = this.where(filters, query, 'category');
    const byMake = this.where(filters, query, 'make');
    const categories = await this.db.run<{ slug: string; name: string; count: number }>(
      `select c.slug, c.name, count(*)::int as count from parts p join categories c on c.slug = p.category
       where ${byCategory.sql} group by c.slug, c.name order by count desc, c.name asc`,
      byCategory.params,
    );
    const makes = await this.db.run<{ slug: string; name: string; count: number }>(
      `select m.slug, m.name, count(*)::int as count from parts p join makes m on m.slug = p.make
       where ${byMake.sql} group by m.slug, m.name order by count desc, m.name asc`,
      byMake.params,
    );
    const normalize = (rows: { slug: string; name: string; count: number }[]) =>
      rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) }));
    return { categories: normalize(categories), makes: normalize(makes) };
  }
}
