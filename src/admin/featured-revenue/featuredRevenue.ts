/** Pure helpers of the Featured Revenue page: names, occupancy, chart points and the CSV. */
import type { FeaturedPageRevenueDto, FeaturedRevenueReportDto } from '../../modules/featured/featured-listing.dto';

/** "Home page", or the category's name (its id while the names load). */
export function pageLabel(page: Pick<FeaturedPageRevenueDto, 'placementType' | 'categoryId'>, categoryNames: ReadonlyMap<string, string>): string {
  if (page.placementType === 'homepage') return 'Home page';
  return `Category: ${categoryNames.get(page.categoryId ?? '') ?? page.categoryId ?? 'unknown'}`;
}

/**
 * Booked slot-days out of possible slot-days over the period, for the home page and every category (those without
 * a booking offered their 8 slots too).
 */
export function overallOccupancy(report: FeaturedRevenueReportDto, categoryCount: number): { booked: number; possible: number; rate: number } {
  const booked = report.pages.reduce((sum, p) => sum + p.bookedSlotDays, 0);
  const categoriesWithPages = report.pages.filter((p) => p.placementType === 'category').length;
  const possible = report.days * (report.slots.homepage + report.slots.category * Math.max(categoryCount, categoriesWithPages));
  return { booked: Math.round(booked * 100) / 100, possible, rate: possible > 0 ? booked / possible : 0 };
}

/** A rate as a percentage with one decimal ("12.5%"). */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Exact money text with grouped thousands ("$1,234.50") from the API's decimal string, without floating point. */
export function moneyText(amount: string): string {
  const [whole = '0', cents = '00'] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}$${grouped}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** Chart points: dollars per month by page kind. */
export function chartPoints(report: FeaturedRevenueReportDto) {
  return report.months.map((m) => ({ month: m.month, homepage: Number(m.homepage), category: Number(m.category) }));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"` : text;
};
const csvLines = (rows: Array<Array<string | number>>) => rows.map((r) => r.map(csvCell).join(',')).join('\n');

/** The report as one CSV: months, then pages, then placements. */
export function revenueCsv(report: FeaturedRevenueReportDto, categoryNames: ReadonlyMap<string, string>): string {
  const months = [['Month', 'Home page (USD)', 'Category pages (USD)', 'Total (USD)', 'Placements'], ...report.months.map((m) => [m.month, m.homepage, m.category, m.total, m.placements])];
  const pages = [
    ['Page', 'Revenue (USD)', 'Placements', 'Booked slot-days', 'Possible slot-days', 'Occupancy (%)', 'Impressions', 'Clicks', 'CTR (%)'],
    ...report.pages.map((p) => [pageLabel(p, categoryNames), p.revenue, p.placements, p.bookedSlotDays, p.possibleSlotDays, (p.occupancy * 100).toFixed(1), p.impressions, p.clicks, (p.ctr * 100).toFixed(1)]),
  ];
  const placements = [
    ['Placement', 'Type', 'Page', 'Position', 'Start', 'End', 'Price (USD)', 'Impressions', 'Clicks', 'CTR (%)'],
    ...report.placements.map((p) => [p.id, p.listingType, pageLabel(p, categoryNames), p.position, p.startDate, p.endDate, p.price, p.impressions, p.clicks, (p.ctr * 100).toFixed(1)]),
  ];
  return [csvLines(months), csvLines(pages), csvLines(placements)].join('\n\n');
}

/** The export's file name, dated (react-admin's downloadCSV adds ".csv"). */
export function csvFileName(now: Date): string {
  return `featured-revenue-${now.toISOString().slice(0, 10)}`;
}

/** "2026-11" of a date (UTC), and the month `add` months away. */
export function monthOf(date: Date, add = 0): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + add, 1)).toISOString().slice(0, 7);
}
