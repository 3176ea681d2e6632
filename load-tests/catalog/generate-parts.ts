// Loads a realistic catalog for load tests: sellers (users) and parts with fitments, fast (one
// jsonb_to_recordset insert per batch of rows), into the database named by DATABASE_URL.
//
//   DATABASE_URL=postgres://... npx tsx load-tests/catalog/generate-parts.ts [--count 100000] [--reset]
//
// The schema must exist and the categories and makes must be seeded (`pitlane migrate && pitlane seed`).
// Idempotent: generated rows are recognised by their sellers' e-mail domain; a second run with the same
// count changes nothing, --reset deletes them first. The parts' search vectors and the word lexicon
// (part_search_words) are kept by the catalog's triggers while inserting; afterwards the lexicon is topped
// up from ts_stat (a no-op when the triggers did their job) and the tables are vacuumed and analyzed.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { preparedRunner } from '../../src/platform/db/sql-runner.js';
import { trimRecent } from '../../src/modules/catalog/search-recent.sql.js';
import {
  BRANDS,
  COLOURS,
  CONDITIONS,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  MAKES,
  PARTS_BY_CATEGORY,
  QUALIFIERS,
} from './catalog-data.js';

/** Generated sellers' e-mails end with this, which is how a later run finds (and --reset removes) them. */
export const LOADTEST_EMAIL_DOMAIN = 'loadtest.pitlane.invalid';
/** A password hash no password matches: generated sellers cannot sign in. */
const NO_PASSWORD = '!loadtest-no-login';
const BATCH = 2000;

export interface GenerateOptions {
  databaseUrl: string;
  count: number;
  reset?: boolean;
  sellers?: number;
  seed?: number;
  log?: (line: string) => void;
}

/** A small seeded PRNG (mulberry32), so two runs generate the same catalog. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

type Rng = ReturnType<typeof prng>;

function partNumber(rng: Rng, make: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + rng.int(0, 25))).join('');
  switch (make) {
    case 'porsche':
      return `${digits(3)}.${digits(3)}.${digits(3)}.${digits(2)}`;
    case 'bmw':
      return `${digits(2)} ${digits(2)} ${digits(1)} ${digits(3)} ${digits(3)}`;
    case 'mercedes-benz':
      return `A${digits(3)} ${digits(3)} ${digits(2)} ${digits(2)}`;
    case 'ford':
    case 'shelby':
      return `C${digits(1)}ZZ-${digits(4)}-${letters(1)}`;
    case 'chevrolet':
    case 'pontiac':
    case 'buick':
    case 'oldsmobile':
      return `GM ${digits(7)}`;
    default:
      return rng.next() < 0.5 ? `${letters(3)}${digits(4)}` : `${digits(5)}-${letters(2)}${digits(3)}`;
  }
}

interface SellerRow {
  id?: string;
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  location: string;
  role: 'seller';
  is_verified: boolean;
  verification_level: string;
  created_at: string;
}

function sellerRows(rng: Rng, count: number, now: number): SellerRow[] {
  return Array.from({ length: count }, (_, i) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    return {
      username: `${first.toLowerCase()}_${last.toLowerCase()}_${i}`.slice(0, 40),
      email: `seller${i}@${LOADTEST_EMAIL_DOMAIN}`,
      password: NO_PASSWORD,
      first_name: first,
      last_name: last,
      location: rng.pick(LOCATIONS),
      role: 'seller',
      is_verified: true,
      verification_level: rng.next() < 0.3 ? 'verified' : 'none',
      created_at: new Date(now - rng.int(400, 1500) * 86_400_000).toISOString(),
    };
  });
}

interface PartRow {
  id: string;
  title: string;
  description: string;
  price: string;
  original_price: string | null;
  category: string;
  make: string;
  model: string;
  year_start: number | null;
  year_end: number | null;
  part_number: string | null;
  condition: string;
  location: string;
  seller_id: string;
  images: string;
  is_verified: boolean;
  is_featured: boolean;
  is_active: boolean;
  is_approved: boolean;
  approved_at: string | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
  fitments: Array<{ make: string; model: string; year_start: number; year_end: number; engine: string | null }>;
}

const CATEGORY_SLUGS = Object.keys(PARTS_BY_CATEGORY);

function partRow(rng: Rng, sellerIds: string[], now: number): PartRow {
  const category = rng.pick(CATEGORY_SLUGS);
  const { make, models } = rng.pick(MAKES);
  const model = rng.pick(models);
  const name = rng.pick(PARTS_BY_CATEGORY[category]!);
  const brand = rng.pick(BRANDS);
  const qualifier = rng.pick(QUALIFIERS);
  const makeName = make === 'other' ? '' : make.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('-');
  const titleShapes = [
    `${qualifier} ${name} for ${makeName} ${model.name}`.replace(/\s+/g, ' '),
    `${makeName} ${model.name} ${name}`.trim(),
    `${brand} ${name} - ${model.name}`,
    `${qualifier} ${brand} ${name}`,
  ];
  const title = rng.pick(titleShapes).slice(0, 200);
  const sentences = Array.from({ length: rng.int(2, 4) }, () => rng.pick(DESCRIPTION_SENTENCES));
  // Numbers and codes as sellers write them (mileage, casting numbers, date codes, colours): they make the
  // lexicon as large and as noisy as a real catalog's.
  if (rng.next() < 0.5) sentences.push(`Removed at ${rng.int(1_000, 150_000)} miles.`);
  if (rng.next() < 0.3) sentences.push(`Casting number ${rng.int(100_000, 9_999_999)}, date code ${String.fromCharCode(65 + rng.int(0, 11))}${rng.int(1, 31)}${rng.int(60, 99)}.`);
  if (rng.next() < 0.25) sentences.push(`Finished in ${rng.pick(COLOURS)}.`);
  const description = sentences
    .join(' ')
    .replaceAll('{make}', makeName || 'classic')
    .replaceAll('{model}', model.name)
    .replaceAll('{brand}', brand)
    .replaceAll('{part}', name.toLowerCase());
  const span = rng.int(0, 6);
  const yearStart = rng.int(model.from, model.to);
  const yearEnd = Math.min(model.to, yearStart + span);
  const hasYears = rng.next() < 0.9;
  // Log-normal-ish prices between $5 and ~$60,000, most between $50 and $2,000.
  const cents = Math.max(500, Math.round(Math.exp(4 + rng.next() * 3.2 + rng.next() * 3.2) * 100));
  const price = (cents / 100).toFixed(2);
  const discounted = rng.next() < 0.15;
  const created = now - Math.floor(rng.next() * 730 * 86_400_000);
  const roll = rng.next();
  const isActive = roll < 0.97;
  const isApproved = isActive && roll < 0.92;
  const rejected = isActive && !isApproved && rng.next() < 0.3;
  const imageCount = rng.int(1, 5);
  const images = Array.from({ length: imageCount }, (_, i) => ({
    url: `https://images.pitlane.invalid/parts/${rng.int(1, 999_999)}.jpg`,
    altText: `${title} photo ${i + 1}`,
    isPrimary: i === 0,
  }));
  const fitments =
    make !== 'other' && rng.next() < 0.6
      ? Array.from({ length: rng.int(1, 2) }, () => {
          const m = rng.pick(models);
          return { make: makeName, model: m.name, year_start: m.from, year_end: m.to, engine: rng.next() < 0.5 ? `${rng.int(12, 74) / 10}L` : null };
        })
      : [];
  return {
    id: randomUUID(),
    title,
    description,
    price,
    original_price: discounted ? ((cents * 1.25) / 100).toFixed(2) : null,
    category,
    make,
    model: model.name,
    year_start: hasYears ? yearStart : null,
    year_end: hasYears ? yearEnd : null,
    part_number: rng.next() < 0.7 ? partNumber(rng, make) : null,
    condition: rng.pick(CONDITIONS),
    location: rng.pick(LOCATIONS),
    seller_id: rng.pick(sellerIds),
    images: JSON.stringify(images),
    is_verified: rng.next() < 0.2,
    is_featured: rng.next() < 0.03,
    is_active: isActive,
    is_approved: isApproved,
    approved_at: isApproved ? new Date(created + 3_600_000).toISOString() : null,
    rejection_reason: rejected ? 'Photos do not show the part clearly' : null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created).toISOString(),
    fitments,
  };
}

const LOADTEST_SELLERS = `select id from users where email like '%@' || $1`;

/** Rebuilds nothing, adds what is missing: every word of the public listings, as the lexicon trigger does. */
export const LEXICON_TOP_UP = `
  insert into part_search_words (word)
  select word from ts_stat($q$
    select to_tsvector('simple', concat_ws(' ', p.title, m.name, p.model, p.description, c.name))
    from parts p left join makes m on m.slug = p.make left join categories c on c.slug = p.category
    where p.is_active and p.is_approved
  $q$)
  where length(word) between 2 and 100
  on conflict do nothing`;

/** Loads `count` generated parts (and their sellers) unless they are there already. */
export async function generateParts(options: GenerateOptions): Promise<{ parts: number; inserted: boolean }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const seeded = await client.query<{ n: number }>(`select count(*)::int as n from categories where slug = any($1)`, [CATEGORY_SLUGS]);
    if (seeded.rows[0]!.n !== CATEGORY_SLUGS.length) {
      throw new Error('The categories and makes are not seeded: run `pitlane migrate` and `pitlane seed` first.');
    }
    if (options.reset) {
      const started = performance.now();
      await client.query('begin');
      await client.query(`delete from parts where seller_id in (${LOADTEST_SELLERS})`, [LOADTEST_EMAIL_DOMAIN]);
      await client.query(`delete from users where email like '%@' || $1`, [LOADTEST_EMAIL_DOMAIN]);
      await client.query('commit');
      log(`reset: removed earlier generated parts and sellers (${Math.round(performance.now() - started)} ms)`);
    }
    const existing = await client.query<{ n: number }>(
      `select count(*)::int as n from parts where seller_id in (${LOADTEST_SELLERS})`,
      [LOADTEST_EMAIL_DOMAIN],
    );
    if (existing.rows[0]!.n >= options.count) {
      log(`${existing.rows[0]!.n} generated parts are already loaded (use --reset to regenerate)`);
      return { parts: existing.rows[0]!.n, inserted: false };
    }
    if (existing.rows[0]!.n > 0) {
      throw new Error(`${existing.rows[0]!.n} generated parts exist, fewer than ${options.count}: run with --reset`);
    }

    const rng = prng(options.seed ?? 20261123);
    const now = Date.now();
    const started = performance.now();
    await client.query('begin');
    const sellers = sellerRows(rng, options.sellers ?? Math.max(10, Math.round(options.count / 50)), now);
    const inserted = await client.query<{ id: string }>(
      `insert into users (username, email, password, first_name, last_name, location, role, is_verified, verification_level, created_at)
       select username, email, password, first_name, last_name, location, role, is_verified, verification_level, created_at
       from jsonb_to_recordset($1::jsonb) as s(username text, email text, password text, first_name text, last_name text,
         location text, role text, is_verified boolean, verification_level text, created_at timestamptz)
       returning id`,
      [JSON.stringify(sellers)],
    );
    const sellerIds = inserted.rows.map((r) => r.id);
    log(`sellers: ${sellerIds.length} inserted`);

    for (let done = 0; done < options.count; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, options.count - done) }, () => partRow(rng, sellerIds, now));
      await client.query(
        `insert into parts (id, title, description, price, original_price, category, make, model, year_start, year_end,
           part_number, condition, location, seller_id, images, is_verified, is_featured, is_active, is_approved,
           approved_at, rejection_reason, created_at, updated_at)
         select id, title, description, price, original_price, category, make, model, year_start, year_end,
           part_number, condition, location, seller_id, images::jsonb, is_verified, is_featured, is_active, is_approved,
           approved_at, rejection_reason, created_at, updated_at
         from jsonb_to_recordset($1::jsonb) as s(id uuid, title text, description text, price numeric,
           original_price numeric, category text, make text, model text, year_start smallint, year_end smallint,
           part_number text, condition text, location text, seller_id uuid, images text, is_verified boolean,
           is_featured boolean, is_active boolean, is_approved boolean, approved_at timestamptz,
           rejection_reason text, created_at timestamptz, updated_at timestamptz)`,
        [JSON.stringify(rows.map(({ fitments: _f, ...row }) => row))],
      );
      const fitments = rows.flatMap((row) =>
        row.fitments.map((f, position) => ({ part_id: row.id, position, ...f })),
      );
      if (fitments.length) {
        await client.query(
          `insert into part_fitments (part_id, position, make, model, year_start, year_end, engine)
           select part_id, position, make, model, year_start, year_end, engine
           from jsonb_to_recordset($1::jsonb) as f(part_id uuid, position smallint, make text, model text,
             year_start smallint, year_end smallint, engine text)`,
          [JSON.stringify(fitments)],
        );
      }
      const total = done + rows.length;
      if (total % 20_000 === 0 || total === options.count) {
        log(`parts: ${total} inserted (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      }
    }
    const topUp = await client.query(LEXICON_TOP_UP);
    // The newest parts' search table took every generated public part (its trigger); keep the newest, as the
    // catalog's job does every five minutes, so the first searches after a load find it at its size.
    const runner = preparedRunner(client);
    const trimmed = await trimRecent({ execute: (sql, params) => runner.run(sql, params) as Promise<never> });
    await client.query('commit');
    log(`newest parts' search table: ${trimmed} older rows trimmed`);
    log(`lexicon: ${topUp.rowCount ?? 0} words added by the ts_stat top-up (the trigger keeps it current)`);
    // Vacuum too: it clears what a --reset left behind and sets the visibility map for index-only scans.
    for (const table of ['users', 'parts', 'part_fitments', 'part_search_words', 'part_search_recent']) await client.query(`vacuum (analyze) ${table}`);
    const words = await client.query<{ n: number }>('select count(*)::int as n from part_search_words');
    log(`done: ${options.count} parts in ${((performance.now() - started) / 1000).toFixed(1)} s; lexicon has ${words.rows[0]!.n} words`);
    return { parts: options.count, inserted: true };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Set DATABASE_URL to the database to load (its schema migrated and seeded).');
    process.exit(1);
  }
  generateParts({
    databaseUrl,
    count: Number(argValue(args, '--count') ?? 100_000),
    reset: args.includes('--reset'),
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
