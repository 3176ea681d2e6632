// Keyset paging of search pages (GET /api/parts?after=<cursor>): a page's order is a list of sort keys ending
// with the part's id, so it is total; the cursor is the last row's key values, and the next page is the rows
// that sort after them. A page read this way starts where the last one ended instead of reading and skipping
// what came before it, which is what an offset does (docs/decisions/catalog.md).

/** One sort key of a page: a column of the ordered rows, its direction, and its type (to cast the cursor's value). */
export interface SortKey {
  column: string;
  desc: boolean;
  type: 'boolean' | 'int' | 'float4' | 'numeric' | 'timestamptz' | 'uuid';
}

const key = (column: string, desc: boolean, type: SortKey['type']): SortKey => ({ column, desc, type });
const NEWEST = [key('created_at', true, 'timestamptz'), key('id', false, 'uuid')];

/** The orders of a search page without a text, or with a text in an order other than relevance. */
export const BROWSE_KEYS = {
  newest: NEWEST,
  price_asc: [key('price', false, 'numeric'), ...NEWEST],
  price_desc: [key('price', true, 'numeric'), ...NEWEST],
} as const satisfies Record<string, SortKey[]>;

/**
 * Relevance: exact part-number hits first, then the ranked matches (tier 0) by rank, then, when a text has too
 * many matches to rank them all, the rest newest first (tier 1, rank 0). One list for both, so a cursor stays
 * good when the number of matches crosses the limit between two pages.
 */
export const RELEVANCE_KEYS: SortKey[] = [key('pn_hit', true, 'boolean'), key('tier', false, 'int'), key('rank', true, 'float4'), ...NEWEST];

/** ORDER BY lists of `keys`, bare for the page's inner query and qualified by `page.` for its outer join. */
export function orderOf(keys: readonly SortKey[]): { inner: string; outer: string } {
  const dir = (k: SortKey) => (k.desc ? 'desc' : 'asc');
  return { inner: keys.map((k) => `${k.column} ${dir(k)}`).join(', '), outer: keys.map((k) => `page.${k.column} ${dir(k)}`).join(', ') };
}

/** A page row's key values as one JSON array (what a cursor holds), over the page's `page.` columns. */
export const sortKeyOf = (keys: readonly SortKey[]) => `jsonb_build_array(${keys.map((k) => `page.${k.column}`).join(', ')})`;

/** The cursor of a row from its key values (a JSON array, as sortKeyOf writes it). */
export function encodeCursor(values: unknown): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The key values a cursor holds, as text for `keys`' casts; null when it is not a cursor of this order. */
export function decodeCursor(cursor: string, keys: readonly SortKey[]): string[] | null {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== keys.length) return null;
  const texts: string[] = [];
  for (const [i, v] of values.entries()) {
    const k = keys[i]!;
    if (k.type === 'boolean' ? typeof v !== 'boolean' : typeof v !== (k.type === 'int' || k.type === 'float4' ? 'number' : k.type === 'numeric' ? 'number' : 'string')) {
      return null;
    }
    if (k.type === 'uuid' && !/^[0-9a-f-]{36}$/i.test(v as string)) return null;
    if (k.type === 'timestamptz' && Number.isNaN(Date.parse(v as string))) return null;
    texts.push(String(v));
  }
  return texts;
}

/**
 * The rows after the cursor's `values` in the order of `keys`, over bare column names: the first key's bound
 * first (so an index on it bounds the scan), then the order's lexicographic comparison.
 */
export function afterCursor(keys: readonly SortKey[], values: readonly string[]): { sql: string; params: string[] } {
  const cast = (i: number) => `?::${keys[i]!.type}`;
  const params: string[] = [values[0]!];
  const terms: string[] = [];
  for (let j = 0; j < keys.length; j++) {
    const equal = keys.slice(0, j).map((k, i) => {
      params.push(values[i]!);
      return `${k.column} = ${cast(i)}`;
    });
    params.push(values[j]!);
    terms.push([...equal, `${keys[j]!.column} ${keys[j]!.desc ? '<' : '>'} ${cast(j)}`].join(' and '));
  }
  return { sql: `${keys[0]!.column} ${keys[0]!.desc ? '<=' : '>='} ${cast(0)} and (${terms.map((t) => `(${t})`).join(' or ')})`, params };
}
