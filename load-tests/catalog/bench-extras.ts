// The catalog benchmark's relevance check and its writers (bench.ts): the first page of each benchmark query
// against a reference ranking computed the slow way, and parts listed, edited and sold while searches run.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { preparedRunner } from '../../src/platform/db/sql-runner.js';
import { PartSearch, RANK_ALL_LIMIT, RANK_CANDIDATES } from '../../src/modules/catalog/part-search.sql.js';
import { encodeCursor } from '../../src/modules/catalog/search-keyset.sql.js';
import { percentile } from '../lib/stack.js';

/**
 * The first page of `q` as relevance defines it, computed by ranking every match (no bound on the work): exact
 * part-number hits first, then by rank, newest first between equal ranks; when there are more than
 * RANK_ALL_LIMIT matches, only the newest RANK_CANDIDATES are ranked and the rest follow newest first. The
 * search must answer exactly this page, however it bounds its work.
 */
export async function referencePage(client: pg.Client, q: string, limit: number): Promise<string[]> {
  const prepared = await new PartSearch(preparedRunner(client)).prepare(q);
  const tsquery = prepared.expression ? `to_tsquery('english', $1)` : `plainto_tsquery('english', $1)`;
  const { rows } = await client.query<{ id: string }>(
    `with m as (
       select p.id, p.created_at, coalesce(p.part_number_norm = any($2::text[]), false) as pn_hit,
              ts_rank('{0.01,0.02,0.04,0.1}'::float4[], p.search_vector, ${tsquery}) as rank
       from parts p where p.is_active and p.is_approved
         and (p.search_vector @@ ${tsquery} or p.part_number_norm = any($2::text[]))
     ),
     n as (select count(*) as n from m),
     newest as (select id from m order by pn_hit desc, created_at desc limit ${RANK_CANDIDATES})
     select m.id from m, n
     order by m.pn_hit desc,
              case when n.n <= ${RANK_ALL_LIMIT} or m.id in (select id from newest) then 0 else 1 end,
              case when n.n <= ${RANK_ALL_LIMIT} or m.id in (select id from newest) then m.rank else 0 end desc,
              m.created_at desc, m.id
     limit ${limit}`,
    [prepared.expression ?? prepared.text, prepared.partNumbers],
  );
  return rows.map((r) => r.id);
}

/** Cursors (GET /api/parts?after=) of the rows at `offsets` of the public catalog, newest first or cheapest first. */
export async function deepCursors(client: pg.Client, offsets: number[], sort: 'newest' | 'price_asc'): Promise<string[]> {
  const keys = sort === 'newest' ? 'created_at, id' : 'price, created_at, id';
  const order = sort === 'newest' ? 'created_at desc, id' : 'price, created_at desc, id';
  const cursors: string[] = [];
  for (const offset of offsets) {
    const { rows } = await client.query<{ key: unknown }>(
      `select jsonb_build_array(${keys}) as key from parts where is_active and is_approved order by ${order} offset $1 limit 1`,
      [offset],
    );
    if (rows[0]) cursors.push(encodeCursor(rows[0].key));
  }
  return cursors;
}

export interface WriteStats {
  listed: number;
  edited: number;
  sold: number;
  perSecond: number;
  /** From a listing's commit to the API's search finding it by its own word (ms). */
  visibleP50: number;
  visibleP95: number;
  visibleMax: number;
  notFound: number;
}

/**
 * `writers` connections list parts (one row each, through the catalog's triggers: search vector, lexicon,
 * public counter), edit the price and title of a recent one and sell another, in turn, until `until`; after
 * each listing the writer searches the API for the listing's own word and times how long until it is found.
 */
export async function runWriters(databaseUrl: string, baseUrl: string, writers: number, until: number): Promise<WriteStats> {
  const [seller] = (await queryOnce(databaseUrl, `select seller_id from parts limit 1`)) as { seller_id: string }[];
  const visible: number[] = [];
  let listed = 0;
  let edited = 0;
  let sold = 0;
  let notFound = 0;
  const started = performance.now();
  const loop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const mine: string[] = [];
    try {
      while (performance.now() < until) {
        const word = `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;
        const { rows } = await client.query<{ id: string }>(
          `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, is_active)
           values ($1, 'Benchmark listing written while searches run', 120, 'engine', 'ford', 'used-good', 'Austin, TX', $2,
                   '[{"url":"https://img.example.com/b.jpg","altText":"Part","isPrimary":true}]', true, true)
           returning id`,
          [`Rebuilt water pump ${word}`, seller!.seller_id],
        );
        listed++;
        mine.push(rows[0]!.id);
        const committed = performance.now();
        let found = false;
        while (performance.now() - committed < 1000) {
          const res = await fetch(`${baseUrl}/api/parts?q=${word}`);
          if (((await res.json()) as unknown[]).length > 0) {
            found = true;
            break;
          }
        }
        if (found) visible.push(performance.now() - committed);
        else notFound++;
        if (mine.length % 2 === 0) {
          await client.query(`update parts set price = price + 1, title = title || ' (revised)', updated_at = now() where id = $1`, [mine.at(-2)]);
          edited++;
        }
        if (mine.length % 3 === 0) {
          await client.query(`update parts set is_active = false, sold_at = now() where id = $1`, [mine.at(-3)]);
          sold++;
        }
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: writers }, loop));
  const seconds = (performance.now() - started) / 1000;
  const sorted = visible.sort((a, b) => a - b);
  return {
    listed,
    edited,
    sold,
    perSecond: listed / seconds,
    visibleP50: percentile(sorted, 50),
    visibleP95: percentile(sorted, 95),
    visibleMax: sorted.at(-1) ?? NaN,
    notFound,
  };
}

async function queryOnce(databaseUrl: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
