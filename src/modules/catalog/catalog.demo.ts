import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import sharp from 'sharp';
import { between, demoKey, pick, seededRandom, HOUSE_ACCOUNT, type DemoContribution, type DemoPart, type DemoSellerProfile } from '../../platform/demo/demo.js';
import { CONDITION_PHRASES, DEMO_CONDITIONS, DEMO_MODELS, DEMO_VOCABULARY } from './catalog.demo-data.js';
import { SEED_CATEGORIES, SEED_MAKES } from './catalog.seed-data.js';
import { UPLOAD_FILE_NAME, UPLOADS_URL_PATH, UploadService } from './upload.service.js';

/** The marks of demo parts. */
export const DEMO_PART_KIND = 'catalog.part';
/** The marks of the fitment demo's listings (DEMO_HEADS), apart from the `--parts` the demo counts. */
export const DEMO_FIT_PART_KIND = 'catalog.fitment-part';

const DAY = 24 * 60 * 60 * 1000;
const makeName = new Map(SEED_MAKES.map((m) => [m.slug, m.name]));
const categoryName = new Map(SEED_CATEGORIES.map((c) => [c.slug, c.name]));

/** One demo part's facts, the same on every run (drawn from a generator seeded by its key). */
export interface DemoPartFacts {
  key: string;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: string;
  make: string;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  partNumber: string;
  condition: string;
  sellerUsername: string;
  location: string;
  isVerified: boolean;
  isFeatured: boolean;
  ageMs: number;
  hue: number;
  fitments: Array<{ make: string; model: string; yearStart: number; yearEnd: number; engine: string | null }>;
}

function digits(random: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(between(random, 0, 9));
  return s;
}

function partNumber(random: () => number, make: string): string {
  const letter = () => pick(random, ['A', 'B', 'C', 'D', 'E']);
  if (['ford', 'mercury', 'lincoln', 'shelby'].includes(make)) return `C${between(random, 4, 9)}ZZ-${digits(random, 4)}-${letter()}`;
  if (['chevrolet', 'pontiac', 'oldsmobile', 'buick', 'gmc'].includes(make)) return digits(random, 7);
  if (make === 'porsche') return `${pick(random, ['901', '911', '930', '944'])}.${digits(random, 3)}.${digits(random, 3)}.${digits(random, 2)}`;
  if (make === 'bmw') return `${digits(random, 2)} ${digits(random, 2)} ${digits(random, 1)} ${digits(random, 3)} ${digits(random, 3)}`;
  if (make === 'mercedes-benz') return `A${digits(random, 3)} ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`;
  if (make === 'other') return `PL-${digits(random, 5)}`;
  return `${make.replace(/[^a-z]/g, '').slice(0, 3).toUpperCase()}-${digits(random, 5)}`;
}

/** The facts of demo part number `n` (1-based): categories in turn, so any 20 consecutive parts cover them all. */
export function demoPartFacts(n: number, sellers: readonly DemoSellerProfile[]): DemoPartFacts {
  const key = demoKey('part', n);
  const random = seededRandom(key);
  const category = SEED_CATEGORIES[(n - 1) % SEED_CATEGORIES.length]!.slug;
  const vocabulary = DEMO_VOCABULARY[category]!;
  // Every fifth part is the house account's; the others go to a seller of that speciality where there is one.
  const specialists = sellers.filter((s) => s.specialties.includes(category) && s.username !== HOUSE_ACCOUNT.username);
  const seller = n % 5 === 0 ? sellers[0]! : pick(random, specialists.length ? specialists : sellers);
  const makes = seller.makes.filter((m) => DEMO_MODELS[m]);
  const make = vocabulary.fitted ? pick(random, makes.length ? makes : Object.keys(DEMO_MODELS)) : 'other';
  const models = DEMO_MODELS[make] ?? [];
  const model = models.length ? pick(random, models) : null;
  const [conditionName, , factor] = (() => {
    let roll = random() * DEMO_CONDITIONS.reduce((sum, c) => sum + c[1], 0);
    for (const c of DEMO_CONDITIONS) if ((roll -= c[1]) < 0) return c;
    return DEMO_CONDITIONS[0]!;
  })();
  const title = pick(random, vocabulary.titles)
    .replace('{model}', model ? `${makeName.get(make)} ${model[0]}` : 'Universal')
    .replace('{engine}', model?.[3] ?? model?.[0] ?? 'Universal');
  const dollars = Math.max(5, (vocabulary.minPrice + (vocabulary.maxPrice - vocabulary.minPrice) * random() ** 2) * factor);
  const priceCents = dollars >= 100 ? Math.round(dollars / 5) * 500 - (random() < 0.3 ? 1 : 0) : Math.round(dollars) * 100 - (random() < 0.5 ? 1 : 0);
  const yearStart = model ? between(random, model[1], Math.max(model[1], model[2] - 2)) : null;
  const yearEnd = model && yearStart ? Math.min(model[2], yearStart + between(random, 1, 6)) : null;
  const fitments: DemoPartFacts['fitments'] = [];
  if (model && yearStart && yearEnd) {
    fitments.push({ make: makeName.get(make)!, model: model[0], yearStart, yearEnd, engine: model[3] });
    const other = models.find((m) => m !== model);
    if (other && random() < 0.4) fitments.push({ make: makeName.get(make)!, model: other[0], yearStart: other[1], yearEnd: other[2], engine: other[3] });
  }
  const fits = model ? ` Fits ${makeName.get(make)} ${model[0]} ${yearStart}–${yearEnd}${model[3] ? ` (${model[3]})` : ''}.` : '';
  const description = `${CONDITION_PHRASES[conditionName]}${fits} ${vocabulary.note} Part number as stamped. Ships from ${seller.city}, ${seller.state} within two business days, well packed.`;
  return {
    key,
    title,
    description,
    priceCents,
    originalPriceCents: random() < 0.12 ? Math.round((priceCents * (1.15 + random() * 0.3)) / 100) * 100 : null,
    category,
    make,
    model: model?.[0] ?? null,
    yearStart,
    yearEnd,
    partNumber: partNumber(random, make),
    condition: conditionName,
    sellerUsername: seller.username,
    location: `${seller.city}, ${seller.state}`,
    isVerified: random() < 0.3,
    isFeatured: random() < 0.05,
    ageMs: Math.floor(random() * 45 * DAY),
    hue: Math.floor(random() * 360),
    fitments,
  };
}

/** The marks of the demo's interchange group. */
export const DEMO_INTERCHANGE_KIND = 'catalog.interchange-group';
/** The demo's interchange group: the two small-block Chevy head castings of the fitment demo. */
export const DEMO_INTERCHANGE = { key: 'interchange:sbc-heads', name: 'Small-block Chevy 350 heads', numbers: ['3932441', '3970991'] } as const;

const SBC_FITMENTS: DemoPartFacts['fitments'] = [
  { make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1969, engine: '350 V8' },
  { make: 'Chevrolet', model: 'Nova', yearStart: 1968, yearEnd: 1974, engine: '350 V8' },
];

/**
 * The fitment demo's listings (issue 35): small-block Chevy heads, three under casting 3970991 (the first two sold to
 * demo buyers who confirm the fit, so the third shows "Fit confirmed by 2 buyers") and one under 3932441, which the
 * demo's interchange group joins to 3970991.
 */
export const DEMO_HEADS: DemoPartFacts[] = [1, 2, 3, 4].map((n) => {
  const casting = n === 4 ? '3932441' : '3970991';
  return {
    key: `part:sbc-heads:${n}`,
    title: `Chevrolet small-block heads, casting ${casting} (pair)`,
    description: `A pair of small-block Chevy 350 cylinder heads, casting ${casting}, 64cc chambers, freshly magnafluxed and surfaced. Fits Chevrolet Camaro 1967–1969 and Nova 1968–1974 (350 V8). Not for LS engines. Ships from Austin, TX within two business days, well packed.`,
    priceCents: [42500, 39500, 44500, 38000][n - 1]!,
    originalPriceCents: null,
    category: 'engine',
    make: 'chevrolet',
    model: 'Camaro',
    yearStart: 1967,
    yearEnd: 1969,
    partNumber: casting,
    condition: n === 3 ? 'rebuilt' : 'used-excellent',
    sellerUsername: 'redline_restorations',
    location: 'Austin, TX',
    isVerified: true,
    isFeatured: false,
    ageMs: (60 + n) * DAY,
    hue: 20 + n * 8,
    fitments: SBC_FITMENTS,
  };
});

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** The part's own photo: its title, number and category over a colour of its own, as a JPEG. */
export async function demoPhoto(part: DemoPartFacts): Promise<Buffer> {
  const lines = wrap(part.title, 26);
  const text = lines
    .map((l, i) => `<text x="56" y="${330 + i * 54}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${part.hue},55%,38%)"/><stop offset="1" stop-color="hsl(${(part.hue + 40) % 360},60%,14%)"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="640" cy="170" r="120" fill="none" stroke="rgba(255,255,255,0.22)" stroke-width="26"/>
  <circle cx="640" cy="170" r="42" fill="rgba(255,255,255,0.18)"/>
  <text x="56" y="110" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" letter-spacing="3" fill="rgba(255,255,255,0.8)">${escapeXml((categoryName.get(part.category) ?? part.category).toUpperCase())}</text>
  ${text}
  <text x="56" y="540" font-family="DejaVu Sans Mono, monospace" font-size="28" fill="rgba(255,255,255,0.85)">${escapeXml(part.partNumber)}</text>
  <text x="744" y="540" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="22" fill="rgba(255,255,255,0.6)">DEMO · PITLANE</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();
}

/** The files of an upload URL (web copy and thumbnail), or none when it is not a Pitlane upload. */
function uploadFiles(url: string): string[] {
  const name = url.startsWith(`${UPLOADS_URL_PATH}/`) ? url.slice(UPLOADS_URL_PATH.length + 1) : '';
  if (!UPLOAD_FILE_NAME.test(name)) return [];
  return [name, name.replace(/\.(jpg|png)$/, '-thumb.$1')];
}

/**
 * The catalog part of the demo: `--parts` parts over every category and many makes, each with its own photo
 * (written through the upload storage, so it is served and cleaned up like any other) and fitments; clearing
 * removes them, their fitments and watchers, their photos, and the search words only they held.
 */
export function catalogDemo(container: Container): DemoContribution {
  const uploads = container.get(UploadService);
  return {
    async seed({ tx, records, world, parts: count, now, progress, onRollback }) {
      const known = await records.ids(DEMO_PART_KIND);
      const facts: DemoPartFacts[] = [];
      for (let n = 1; n <= count; n++) {
        const f = demoPartFacts(n, world.sellers);
        if (world.users.has(f.sellerUsername)) facts.push(f);
      }
      const written: string[] = [];
      onRollback(async () => {
        await uploads.files.delete(written.flatMap(uploadFiles));
      });
      /** Adds the parts of `list` not yet in the demo, with their photos and fitment lines; returns how many. */
      const insertParts = async (list: DemoPartFacts[], kind: string, label: string): Promise<number> => {
        const marked = kind === DEMO_PART_KIND ? known : await records.ids(kind);
        const missing = list.filter((f) => !marked.has(f.key));
        const rows: Array<Record<string, unknown>> = [];
        for (const [i, f] of missing.entries()) {
          progress(i, missing.length, label);
          const photo = await demoPhoto(f);
          const stored = await uploads.store({ buffer: photo, size: photo.length });
          written.push(stored.url);
          const createdAt = new Date(now.getTime() - f.ageMs).toISOString();
          rows.push({
            ...f,
            id: randomUUID(),
            sellerId: world.users.get(f.sellerUsername),
            price: (f.priceCents / 100).toFixed(2),
            originalPrice: f.originalPriceCents === null ? null : (f.originalPriceCents / 100).toFixed(2),
            images: [{ url: stored.url, altText: f.title, isPrimary: true }],
            createdAt,
          });
        }
        progress(missing.length, missing.length, label);
        if (!rows.length) return 0;
        await tx.execute(
          `insert into parts (id, title, description, price, original_price, category, make, model, year_start, year_end,
                              part_number, condition, location, seller_id, images, is_verified, is_featured, is_active,
                              is_approved, approved_at, created_at, updated_at)
           select id, title, description, price, "originalPrice", category, make, model, "yearStart", "yearEnd", "partNumber",
                  condition, location, "sellerId", images, "isVerified", "isFeatured", true, true, "createdAt", "createdAt", "createdAt"
             from jsonb_to_recordset(?::jsonb) as r(id uuid, key text, title text, description text, price numeric,
               "originalPrice" numeric, category text, make text, model text, "yearStart" int, "yearEnd" int,
               "partNumber" text, condition text, location text, "sellerId" uuid, images jsonb, "isVerified" boolean,
               "isFeatured" boolean, "createdAt" timestamptz)
            order by key`,
          [JSON.stringify(rows)],
        );
        const inserted = rows.map((r) => ({ key: r.key as string, id: r.id as string }));
        const idOf = new Map(inserted.map((r) => [r.key, r.id]));
        const fitments = missing.flatMap((f) => f.fitments.map((fit, position) => ({ ...fit, position, partId: idOf.get(f.key) })));
        if (fitments.length) {
          await tx.execute(
            `insert into part_fitments (part_id, position, make, model, year_start, year_end, engine)
             select "partId", position, make, model, "yearStart", "yearEnd", engine
               from jsonb_to_recordset(?::jsonb) as r("partId" uuid, position int, make text, model text, "yearStart" int,
                    "yearEnd" int, engine text)`,
            [JSON.stringify(fitments)],
          );
        }
        await records.mark(kind, inserted);
        return rows.length;
      };
      const added = await insertParts(facts, DEMO_PART_KIND, 'part photos');
      // The fitment demo: small-block Chevy heads under two casting numbers, and the interchange group joining them.
      const heads = DEMO_HEADS.filter((f) => world.users.has(f.sellerUsername));
      const headsAdded = await insertParts(heads, DEMO_FIT_PART_KIND, 'fitment demo');
      let groupsAdded = 0;
      if (!(await records.ids(DEMO_INTERCHANGE_KIND)).has(DEMO_INTERCHANGE.key)) {
        const [group] = await tx.execute<{ id: string }[]>('insert into interchange_groups (name, created_at, updated_at) values (?, ?, ?) returning id', [
          DEMO_INTERCHANGE.name,
          now,
          now,
        ]);
        for (const [position, number] of DEMO_INTERCHANGE.numbers.entries()) {
          await tx.execute('insert into interchange_numbers (group_id, position, number) values (?, ?, ?)', [group!.id, position, number]);
        }
        await records.mark(DEMO_INTERCHANGE_KIND, [{ key: DEMO_INTERCHANGE.key, id: group!.id }]);
        groupsAdded = 1;
      }
      const ids = await records.ids(DEMO_PART_KIND);
      const byKey = new Map(facts.map((f) => [f.key, f]));
      world.parts = [...ids].flatMap(([key, id]): DemoPart[] => {
        const f = byKey.get(key);
        return f ? [{ key, id, title: f.title, description: f.description, sellerUserId: world.users.get(f.sellerUsername)!, priceCents: f.priceCents, condition: f.condition, location: f.location }] : [];
      });
      const headIds = await records.ids(DEMO_FIT_PART_KIND);
      world.fitParts = heads.flatMap((f): DemoPart[] => {
        const id = headIds.get(f.key);
        return id ? [{ key: f.key, id, title: f.title, description: f.description, sellerUserId: world.users.get(f.sellerUsername)!, priceCents: f.priceCents, condition: f.condition, location: f.location }] : [];
      });
      world.markPartsSold = async (partIds, at) => {
        await tx.execute(
          'update parts set sold_at = ?, is_active = false, updated_at = ? where id = any(?::uuid[]) and sold_at is null',
          [at.toISOString(), at.toISOString(), partIds],
        );
      };
      return [
        `parts: ${added} added (${ids.size} in the demo) over ${new Set(facts.map((f) => f.category)).size} categories and ${new Set(facts.map((f) => f.make)).size} makes`,
        `fitment demo: ${headsAdded} listings of small-block heads, ${groupsAdded} interchange group added`,
      ];
    },

    async clear({ tx, records, progress, afterCommit }) {
      const ids = [...(await records.ids(DEMO_PART_KIND)).values(), ...(await records.ids(DEMO_FIT_PART_KIND)).values()];
      progress(0, ids.length, 'parts');
      const gone = await tx.execute<{ images: Array<{ url: string }> | null; words: string[] }[]>(
        `delete from parts p where p.id = any(?::uuid[])
         returning p.images,
           array(select distinct w from unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', p.title,
             (select m.name from makes m where m.slug = p.make), p.model, p.description,
             (select c.name from categories c where c.slug = p.category))))) as w) as words`,
        [ids],
      );
      // Words of the search lexicon that only demo parts held go too (the lexicon keeps the words of public parts).
      const words = [...new Set(gone.flatMap((g) => g.words))];
      if (words.length) {
        await tx.execute(
          `delete from part_search_words l where l.word = any(?::text[]) and l.word not in (
             select w from parts p, unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', p.title,
               (select m.name from makes m where m.slug = p.make), p.model, p.description,
               (select c.name from categories c where c.slug = p.category))))) as w
             where p.is_active and p.is_approved and w = any(?::text[]))`,
          [words, words],
        );
      }
      await records.forget(DEMO_PART_KIND);
      await records.forget(DEMO_FIT_PART_KIND);
      const groups = [...(await records.ids(DEMO_INTERCHANGE_KIND)).values()];
      if (groups.length) await tx.execute('delete from interchange_groups where id = any(?::uuid[])', [groups]);
      await records.forget(DEMO_INTERCHANGE_KIND);
      const files = gone.flatMap((g) => (g.images ?? []).flatMap((image) => uploadFiles(image.url)));
      afterCommit(async () => {
        await uploads.files.delete(files);
      });
      progress(ids.length, ids.length, 'parts');
      return [`parts: ${gone.length} removed, with ${files.length / 2} photos`];
    },
  };
}
