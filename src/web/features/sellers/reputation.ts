import { formatGrouped, formatUsd } from '../../lib/format';
// The tiers are the server's (spec 001 §4), shared as pure code; the rating band comes in the reputation answer.
import { TIERS, type Tier } from '../../../modules/sellers/reputation.rules';

export type ReputationTier = Tier;

const safePoints = (points: number) => (Number.isFinite(points) ? Math.max(0, Math.floor(points)) : 0);

/** The tier a number of points reaches. */
export function tierForPoints(points: number): ReputationTier {
  const p = safePoints(points);
  let tier: ReputationTier = TIERS[0]!;
  for (const candidate of TIERS) if (p >= candidate.minPoints) tier = candidate;
  return tier;
}

export interface TierProgress {
  tier: ReputationTier;
  /** null at the top tier. */
  next: ReputationTier | null;
  /** 0-100: how far the points are from this tier's floor to the next tier's. 100 at the top tier. */
  percent: number;
  /** Points still needed for the next tier (0 at the top tier). */
  pointsToNext: number;
}

/** Where a seller stands between their tier and the next one (the reputation card's progress bar). */
export function tierProgress(points: number): TierProgress {
  const p = safePoints(points);
  const tier = tierForPoints(p);
  const next = TIERS.find((t) => t.level === tier.level + 1) ?? null;
  if (!next) return { tier, next: null, percent: 100, pointsToNext: 0 };
  const span = next.minPoints - tier.minPoints;
  const percent = Math.min(100, Math.max(0, Math.floor(((p - tier.minPoints) / span) * 100)));
  return { tier, next, percent, pointsToNext: next.minPoints - p };
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A 1-5 rating with one decimal ("4.6"); "No ratings yet" when the seller has no reviews, so a
 * new seller never shows a made-up figure.
 */
export function formatRating(rating: number | string | null | undefined, totalReviews: number): string {
  const n = toNumber(rating);
  if (!totalReviews || n === null) return 'No ratings yet';
  return n.toFixed(1);
}

/** A percentage as a whole number ("98%"); "—" when unknown. */
export function formatPercent(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '—' : `${Math.round(n)}%`;
}

/** An average response time in hours ("under 1 h", "3 h", "2 days"); "—" when unknown (0 means nothing measured yet). */
export function formatResponseTime(hours: number | string | null | undefined): string {
  const n = toNumber(hours);
  if (n === null || n <= 0) return '—';
  if (n < 1) return 'under 1 h';
  if (n < 48) return `${Math.round(n)} h`;
  return `${Math.round(n / 24)} days`;
}

/** The year someone joined ("2024"), read in UTC; empty for an unreadable date. */
export function memberSinceYear(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : String(date.getUTCFullYear());
}

/** A star string for screen-reader-free display, e.g. 4 -> "★★★★☆". */
export function stars(rating: number): string {
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(n) + '☆'.repeat(5 - n);
}

/** Shown instead of sales figures while a seller has sold nothing. */
export const NO_SALES_YET = 'No sales yet';

/** The figures a reputation rule reads (the API's reputation answer, numbers or decimal strings). */
export interface ReputationFiguresInput {
  totalSales: number | string | null | undefined;
  totalReviews: number | string | null | undefined;
  totalRevenue: number | string | null | undefined;
  averageResponseTime: number | string | null | undefined;
  shippingAccuracy: number | string | null | undefined;
  onTimeDelivery: number | string | null | undefined;
  returnRate: number | string | null | undefined;
  customerSatisfaction: number | string | null | undefined;
  repeatCustomerRate: number | string | null | undefined;
}

export interface ReputationFigures {
  /** True while the seller has no recorded sale: the card says NO_SALES_YET instead of sales figures. */
  noSales: boolean;
  /** [label, value] pairs that have something behind them. */
  metrics: Array<[string, string]>;
}

/**
 * The reputation card's figures. Sales-backed rates (shipping accuracy, on-time delivery, returns, repeat
 * customers) start at the spec's defaults (100 % for accuracy and on-time) before any sale, so without a sale
 * they are left out and the card says "No sales yet"; satisfaction comes from reviews and is left out without
 * one; the response time only once something measured it.
 */
export function reputationFigures(reputation: ReputationFiguresInput): ReputationFigures {
  const sales = Math.max(0, Math.floor(toNumber(reputation.totalSales) ?? 0));
  const reviews = Math.max(0, Math.floor(toNumber(reputation.totalReviews) ?? 0));
  const responseTime = formatResponseTime(reputation.averageResponseTime);
  const satisfaction: Array<[string, string]> = reviews > 0 ? [['Satisfaction', formatPercent(reputation.customerSatisfaction)]] : [];
  if (sales === 0) {
    return {
      noSales: true,
      metrics: [...(responseTime === '—' ? [] : [['Avg. response', responseTime] as [string, string]]), ...satisfaction],
    };
  }
  return {
    noSales: false,
    metrics: [
      ['Total sales', formatGrouped(sales)],
      ['Revenue', formatUsd(reputation.totalRevenue) || '$0'],
      ['Avg. response', responseTime],
      ['Shipping accuracy', formatPercent(reputation.shippingAccuracy)],
      ['On-time delivery', formatPercent(reputation.onTimeDelivery)],
      ['Return rate', formatPercent(reputation.returnRate)],
      ...(satisfaction.length ? satisfaction : [['Satisfaction', 'No reviews yet'] as [string, string]]),
      ['Repeat customers', formatPercent(reputation.repeatCustomerRate)],
    ],
  };
}
