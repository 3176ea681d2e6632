import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { FeaturedMonthRevenueDto, FeaturedPageRevenueDto, FeaturedRevenueReportDto } from './featured-listing.dto.js';
import { DAY_MS, FEATURED_SLOTS } from './featured-listing.schemas.js';
import { clickThroughRate } from './featured.rules.js';
import { countersBetween, placementsOverlapping, revenuePerMonth } from './featured-revenue.sql.js';
import { Database } from '../../platform/db/database.js';

/** "2026-11" of an instant (UTC). */
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** The first instant of a "YYYY-MM" month, or of the month `add` months later. */
const monthStart = (month: string, add = 0) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + add, 1));
};
/** Rounds slot-days to 2 decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Featured revenue and performance. Revenue is booked in the month a placement starts (the price is charged
 * for the whole run when it is booked); occupancy counts booked slot-days within the period against the slots
 * a page offered; impressions and clicks come from the daily counters within the period. Only active
 * placements (not switched off in the console) count.
 */
@injectable()
export class FeaturedRevenueService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Revenue per month of placements starting in [from, to), every month of the range listed (zero when none). */
  async byMonth(from: Date, to: Date): Promise<FeaturedMonthRevenueDto[]> {
    const rows = await revenuePerMonth(this.db.runner('read'), from, to);
    const months = new Map<string, { homepage: number; category: number; placements: number }>();
    for (let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); m < to; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) {
      months.set(monthOf(m), { homepage: 0, category: 0, placements: 0 });
    }
    for (const r of rows) {
      const entry = months.get(r.month) ?? { homepage: 0, category: 0, placements: 0 };
      entry[r.placement_type] += storedCents(r.revenue);
      entry.placements += r.placements;
      months.set(r.month, entry);
    }
    return [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, e]) => ({ month, homepage: formatCents(e.homepage), category: formatCents(e.category), total: formatCents(e.homepage + e.category), placements: e.placements }));
  }

  /** The console's Featured Revenue report for months `from`..`to` (inclusive; the last 12 months by default). */
  async report(query: { from?: string; to?: string }): Promise<FeaturedRevenueReportDto> {
    const current = monthOf(this.clock.now());
    const toMonth = query.to ?? current;
    const fromMonth = query.from ?? monthOf(monthStart(toMonth, -11));
    const from = monthStart(fromMonth);
    const to = monthStart(toMonth, 1);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);

    const [months, placements, stats] = await Promise.all([
      this.byMonth(from, to),
      placementsOverlapping(this.db.runner('read'), from, to),
      countersBetween(this.db.runner('read'), from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)),
    ]);
    const statsById = new Map(stats.map((s) => [s.id, { impressions: Number(s.impressions), clicks: Number(s.clicks) }]));

    const pages = new Map<string, FeaturedPageRevenueDto & { revenueCents: number }>();
    const performance = placements.map((p) => {
      const key = `${p.placement_type}|${p.category_id ?? ''}`;
      let page = pages.get(key);
      if (!page) {
        page = {
          placementType: p.placement_type,
          categoryId: p.category_id,
          revenue: '0.00',
          revenueCents: 0,
          placements: 0,
          bookedSlotDays: 0,
          possibleSlotDays: FEATURED_SLOTS[p.placement_type] * days,
          occupancy: 0,
          impressions: 0,
          clicks: 0,
          ctr: 0,
        };
        pages.set(key, page);
      }
      const start = Math.max(p.start_date.getTime(), from.getTime());
      const end = Math.min(p.end_date.getTime(), to.getTime());
      page.bookedSlotDays += Math.max(0, end - start) / DAY_MS;
      if (p.start_date >= from && p.start_date < to) {
        page.revenueCents += storedCents(p.price);
        page.placements += 1;
      }
      const s = statsById.get(p.id) ?? { impressions: 0, clicks: 0 };
      page.impressions += s.impressions;
      page.clicks += s.clicks;
      return {
        id: p.id,
        listingType: p.listing_type,
        placementType: p.placement_type,
        categoryId: p.category_id,
        position: p.position,
        startDate: p.start_date.toISOString(),
        endDate: p.end_date.toISOString(),
        price: formatCents(storedCents(p.price)),
        impressions: s.impressions,
        clicks: s.clicks,
        ctr: clickThroughRate(s.impressions, s.clicks),
      };
    });
    if (!pages.has('homepage|')) {
      pages.set('homepage|', {
        placementType: 'homepage', categoryId: null, revenue: '0.00', revenueCents: 0, placements: 0, bookedSlotDays: 0,
        possibleSlotDays: FEATURED_SLOTS.homepage * days, occupancy: 0, impressions: 0, clicks: 0, ctr: 0,
      });
    }
    const pageRows = [...pages.values()]
      .sort((a, b) => (a.placementType === b.placementType ? (a.categoryId ?? '').localeCompare(b.categoryId ?? '') : a.placementType === 'homepage' ? -1 : 1))
      .map(({ revenueCents, ...page }) => ({
        ...page,
        revenue: formatCents(revenueCents),
        bookedSlotDays: round2(page.bookedSlotDays),
        occupancy: page.possibleSlotDays ? Math.round((page.bookedSlotDays / page.possibleSlotDays) * 10_000) / 10_000 : 0,
        ctr: clickThroughRate(page.impressions, page.clicks),
      }));
    const totalCents = months.reduce((sum, m) => sum + storedCents(m.total), 0);
    const impressions = pageRows.reduce((s, p) => s + p.impressions, 0);
    const clicks = pageRows.reduce((s, p) => s + p.clicks, 0);
    return {
      from: fromMonth,
      to: toMonth,
      days,
      slots: { ...FEATURED_SLOTS },
      months,
      pages: pageRows,
      placements: performance,
      totals: {
        revenue: formatCents(totalCents),
        placements: months.reduce((s, m) => s + m.placements, 0),
        impressions,
        clicks,
        ctr: clickThroughRate(impressions, clicks),
      },
    };
  }
}
