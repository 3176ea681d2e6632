import type { Container } from 'inversify';
import { HOUSE_ACCOUNT, type DemoContribution } from '../../platform/demo/demo.js';
import { DAY_MS } from './featured-listing.schemas.js';

/** The marks of demo placements. */
export const DEMO_FEATURED_KIND = 'featured.listing';

interface DemoPlacement {
  key: string;
  listingType: 'part' | 'auction' | 'reverse_auction';
  listingId: string;
  placementType: 'homepage' | 'category';
  categoryId: string | null;
  position: number;
  start: Date;
  end: Date;
  priceCents: number;
}

/**
 * Featured demo: the home page's slots (auctions at 1-2, wanted requests at 3-4, parts from 5, as the home page
 * assigns them), three slots on the categories of the first demo parts, and a year of past placements so the
 * Featured Revenue page has months to show. A position already booked for real is left to that booking.
 */
export function featuredDemo(_container: Container): DemoContribution {
  return {
    async seed({ tx, now, records, world, progress }) {
      const known = await records.ids(DEMO_FEATURED_KIND);
      // Booked by the house account (the demo has no admin of its own).
      const admin = HOUSE_ACCOUNT.id;
      const day = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n));
      const placements: DemoPlacement[] = [];
      const openAuctions = (world.auctions ?? []).filter((a) => a.status === 'active' || a.status === 'scheduled');
      const openRequests = (world.requests ?? []).filter((r) => r.status === 'active' || r.status === 'scheduled');
      const parts = world.parts;
      const home = (position: number, listingType: DemoPlacement['listingType'], listingId: string) =>
        placements.push({ key: `featured:home:${String(position).padStart(2, '0')}`, listingType, listingId, placementType: 'homepage', categoryId: null, position, start: day(-3), end: day(27), priceCents: 10_000 });
      openAuctions.slice(0, 2).forEach((a, i) => home(i + 1, 'auction', a.id));
      openRequests.slice(0, 2).forEach((r, i) => home(i + 3, 'reverse_auction', r.id));
      parts.slice(0, 8).forEach((p, i) => home(i + 5, 'part', p.id));

      // Category slots: the categories of the first demo parts (the catalog's reference data, read by slug).
      const sample = parts.slice(8, 40).map((p) => p.id);
      const byCategory = sample.length
        ? await tx.execute<{ id: string; category_id: string }[]>(
            `select p.id, c.id as category_id from parts p join categories c on c.slug = p.category where p.id = any(?::uuid[]) order by p.created_at desc`,
            [sample],
          )
        : [];
      const perCategory = new Map<string, number>();
      for (const row of byCategory) {
        const n = (perCategory.get(row.category_id) ?? 0) + 1;
        if (n > 3 || (perCategory.size >= 4 && !perCategory.has(row.category_id))) continue;
        perCategory.set(row.category_id, n);
        placements.push({ key: `featured:category:${row.category_id}:${n}`, listingType: 'part', listingId: row.id, placementType: 'category', categoryId: row.category_id, position: n, start: day(-1), end: day(29), priceCents: 4_500 });
      }

      // History: the home page's positions 5-8 booked month after month over the past year (expired now).
      for (let m = 12; m >= 1; m--) {
        const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1));
        const end = new Date(Math.min(start.getTime() + 30 * DAY_MS, day(-3).getTime()));
        parts.slice(8 + m, 12 + m).forEach((p, i) =>
          placements.push({ key: `featured:history:${m}:${i}`, listingType: 'part', listingId: p.id, placementType: 'homepage', categoryId: null, position: 5 + i, start, end, priceCents: 7_500 + 500 * ((m + i) % 5) }),
        );
      }

      const fresh = placements.filter((p) => !known.has(p.key));
      const marks: { key: string; id: string }[] = [];
      for (const [i, p] of fresh.entries()) {
        // A real booking of the same position and dates wins: nothing is inserted then (the exclusion constraint).
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into featured_listings (listing_type, part_id, auction_id, reverse_auction_id, position, placement_type, category_id,
             start_date, end_date, price, notes, created_by, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::numeric / 100, 'Demo placement', ?, ?, ?)
           on conflict do nothing returning id`,
          [
            p.listingType,
            p.listingType === 'part' ? p.listingId : null,
            p.listingType === 'auction' ? p.listingId : null,
            p.listingType === 'reverse_auction' ? p.listingId : null,
            p.position, p.placementType, p.categoryId, p.start, p.end, p.priceCents, admin, p.start, p.start,
          ],
        );
        if (row) marks.push({ key: p.key, id: row.id });
        progress(i + 1, fresh.length, 'featured placements');
      }
      await records.mark(DEMO_FEATURED_KIND, marks);
      if (marks.length) {
        // Some performance to show: impressions and clicks on the placements' past days.
        await tx.execute(
          `insert into featured_listing_daily (featured_listing_id, day, impressions, clicks)
           select f.id, d::date, 40 + (abs(hashtext(f.id::text || d::text)) % 160), abs(hashtext(d::text || f.id::text)) % 12
             from featured_listings f
             cross join lateral generate_series(f.start_date, least(f.end_date, ?::timestamptz) - interval '1 day', interval '1 day') as d
            where f.id = any(?::uuid[])
           on conflict do nothing`,
          [now, marks.map((m) => m.id)],
        );
      }
      return [`featured placements: ${marks.length} added (${known.size} already there)`];
    },

    async clear({ tx, records }) {
      const ids = [...(await records.ids(DEMO_FEATURED_KIND)).values()];
      const rows = await tx.execute<{ n: number }[]>(`with gone as (delete from featured_listings where id = any(?::uuid[]) returning id) select count(*)::int as n from gone`, [ids]);
      await records.forget(DEMO_FEATURED_KIND);
      return [`featured placements: ${rows[0]?.n ?? 0} removed`];
    },
  };
}
