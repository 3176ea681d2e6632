import type { EntityManager } from '@mikro-orm/postgresql';
import type { Condition } from './part.entity.js';
import type { PartSort } from './part.schemas.js';
import { correctWords, isCorrectable, lexiconProbe, partNumberCandidates, queryWords } from './search-words.js';

/** Relevance ranking (ts_rank_cd) runs over at most this many matches; the rest follow, newest first. */
export const RANK_CANDIDATES = 500;

/** Which listings a search may return. */
export type Visibility =
  /** approved and active: everyone */
  | 'public'
  /** active in any approval state: admins, and a seller looking at their own listings */
  | 'active';

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
}

/** A search text after typo correction: what full-text search runs, and the part numbers to match exactly. */
export interface PreparedQuery {
  text: string;
  partNumbers: string[];
  /** The corrected text when it differs from what was typed, else null. */
  corrected: string | null;
}

interface Sql {
  sql: string;
  params: unknown[];
}

const TSQUERY = `plainto_tsquery('english', ?)`;
const PART_NUMBERS = `array(select jsonb_array_elements_text(?::jsonb))::text[]`;
const YEARS = `int4range(coalesce(p.year_start, p.year_end)::int, coalesce(p.year_end, p.year_start)::int, '[]')`;

/** SQL of the catalog's search: lexicon correction, full-text match, filters, ranking and facets. */
export class PartSearch {
  constructor(private readonly em: EntityManager) {}

  /** Corrects each query word against the lexicon of listed words (one query, plus one per unknown word). */
  async prepare(q: string): Promise<PreparedQuery> {
    const words = queryWords(q);
    const partNumbers = partNumberCandidates(q);
    if (!words.length) return { text: '', partNumbers, corrected: null };
    const probe = lexiconProbe(words);
    const rows = await this.em.execute<{ word: string }[]>(
      `select word from part_search_words where word in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(probe)],
    );
    const known = new Set(rows.map((r) => r.word));
    const nearest = new Map<string, { word: string; similarity: number }>();
    for (const word of words) {
      if (known.has(word) || !isCorrectable(word)) continue;
      const [best] = await this.em.execute<{ word: string; similarity: number }[]>(
        `select word, similarity(word, ?)::float8 as similarity from part_search_words
         where word % ? order by similarity desc, abs(length(word) - ?) asc, word asc limit 1`,
        [word, word, word.length],
      );
      if (best) nearest.set(word, { word: best.word, similarity: Number(best.similarity) });
    }
    const correctedWords = correctWords(words, { known, nearest });
    const text = correctedWords.join(' ');
    return { text, partNumbers, corrected: text === words.join(' ') ? null : text };
  }

  private where(filters: SearchFilters, query: PreparedQuery | null, omit?: 'category' | 'make'): Sql {
    const parts: string[] = ['p.is_active'];
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
    if (query) {
      parts.push(`(p.search_vector @@ ${TSQUERY} or p.part_number_norm = any(${PART_NUMBERS}))`);
      params.push(query.text, JSON.stringify(query.partNumbers));
    }
    return { sql: parts.join(' and '), params };
  }

  /** Counts the matches. */
  async count(filters: SearchFilters, query: PreparedQuery | null): Promise<number> {
    const where = this.where(filters, query);
    const [row] = await this.em.execute<{ n: number }[]>(`select count(*)::int as n from parts p where ${where.sql}`, where.params);
    return Number(row?.n ?? 0);
  }

  /** One page of matching part ids in the requested order. */
  async page(filters: SearchFilters, query: PreparedQuery | null, sort: PartSort, limit: number, offset: number): Promise<string[]> {
    const where = this.where(filters, query);
    if (sort === 'relevance' && query) {
      // Exact part-number hits first; then the best-ranked of the newest RANK_CANDIDATES matches; then the rest.
      const rows = await this.em.execute<{ id: string }[]>(
        `with matched as materialized (
           select p.id, p.created_at, coalesce(p.part_number_norm = any(${PART_NUMBERS}), false) as pn_hit
           from parts p where ${where.sql}
         ),
         candidates as (
           select id from matched order by pn_hit desc, created_at desc limit ${RANK_CANDIDATES}
         ),
         ordered as (
           select m.id, m.pn_hit, m.created_at,
                  case when c.id is null then 1 else 0 end as tier,
                  case when c.id is null then 0 else ts_rank_cd(p.search_vector, ${TSQUERY}) end as rank
           from matched m
           join parts p on p.id = m.id
           left join candidates c on c.id = m.id
         )
         select id from ordered order by pn_hit desc, tier asc, rank desc, created_at desc, id limit ? offset ?`,
        [JSON.stringify(query.partNumbers), ...where.params, query.text, limit, offset],
      );
      return rows.map((r) => r.id);
    }
    const order =
      sort === 'price_asc'
        ? 'p.price asc, p.created_at desc'
        : sort === 'price_desc'
          ? 'p.price desc, p.created_at desc'
          : 'p.created_at desc';
    const rows = await this.em.execute<{ id: string }[]>(
      `select p.id from parts p where ${where.sql} order by ${order}, p.id limit ? offset ?`,
      [...where.params, limit, offset],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Matches per category and per make. Each facet ignores its own filter (so the panel still offers the
   * other categories while one is chosen) and applies all the others.
   */
  async facets(filters: SearchFilters, query: PreparedQuery | null) {
    const byCategory = this.where(filters, query, 'category');
    const byMake = this.where(filters, query, 'make');
    const categories = await this.em.execute<{ slug: string; name: string; count: number }[]>(
      `select c.slug, c.name, count(*)::int as count from parts p join categories c on c.slug = p.category
       where ${byCategory.sql} group by c.slug, c.name order by count desc, c.name asc`,
      byCategory.params,
    );
    const makes = await this.em.execute<{ slug: string; name: string; count: number }[]>(
      `select m.slug, m.name, count(*)::int as count from parts p join makes m on m.slug = p.make
       where ${byMake.sql} group by m.slug, m.name order by count desc, m.name asc`,
      byMake.params,
    );
    const normalize = (rows: { slug: string; name: string; count: number }[]) =>
      rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) }));
    return { categories: normalize(categories), makes: normalize(makes) };
  }
}
