/** Reads reverse_auctions rows with plain SQL; amounts in integer cents. */
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { ReverseStatus, Urgency } from './reverse.rules.js';
import type { ReversePhotoDto, ShippingPreferenceDto } from './reverse.dto.js';

export const cents = (value: string | number | null): number | null => (value === null ? null : storedCents(value));
export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));

export interface ReverseRow {
  id: string;
  buyerId: string;
  title: string;
  description: string;
  partCategory: string;
  make: string | null;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  condition: string | null;
  maxBudget: number;
  currentLowestBid: number | null;
  minBidDecrement: number;
  startTime: Date;
  endTime: Date;
  status: ReverseStatus;
  awardStatus: 'awarded' | 'unawarded' | null;
  winningBidderId: string | null;
  winningBidId: string | null;
  totalBids: number;
  watchers: number;
  location: string | null;
  shippingPreference: ShippingPreferenceDto;
  urgency: Urgency;
  images: ReversePhotoDto[];
  autoRelist: boolean;
  relistCount: number;
  maxRelists: number;
  relistBudgetIncrease: number;
  relistDelay: number;
  relistedFrom: string | null;
  cancelReason: string | null;
  endedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
}

export const REVERSE_COLUMNS = `id, buyer_id, title, description, part_category, make, model, year_start, year_end, condition,
  max_budget, current_lowest_bid, min_bid_decrement, start_time, end_time, status, award_status, winning_bidder_id,
  winning_bid_id, total_bids, watchers, location, shipping_preference, urgency, images, auto_relist, relist_count,
  max_relists, relist_budget_increase, relist_delay, relisted_from, cancel_reason, ended_at, closed_at, created_at`;

type Raw = Record<string, unknown>;
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export function toReverseRow(r: Raw): ReverseRow {
  return {
    id: r.id as string,
    buyerId: r.buyer_id as string,
    title: r.title as string,
    description: r.description as string,
    partCategory: r.part_category as string,
    make: r.make as string | null,
    model: r.model as string | null,
    yearStart: r.year_start as number | null,
    yearEnd: r.year_end as number | null,
    condition: r.condition as string | null,
    maxBudget: cents(r.max_budget as string)!,
    currentLowestBid: cents(r.current_lowest_bid as string | null),
    minBidDecrement: cents(r.min_bid_decrement as string)!,
    startTime: date(r.start_time)!,
    endTime: date(r.end_time)!,
    status: r.status as ReverseStatus,
    awardStatus: r.award_status as ReverseRow['awardStatus'],
    winningBidderId: r.winning_bidder_id as string | null,
    winningBidId: r.winning_bid_id as string | null,
    totalBids: r.total_bids as number,
    watchers: r.watchers as number,
    location: r.location as string | null,
    shippingPreference: r.shipping_preference as ShippingPreferenceDto,
    urgency: r.urgency as Urgency,
    images: (r.images as ReversePhotoDto[] | null) ?? [],
    autoRelist: r.auto_relist as boolean,
    relistCount: r.relist_count as number,
    maxRelists: r.max_relists as number,
    relistBudgetIncrease: Number(r.relist_budget_increase),
    relistDelay: r.relist_delay as number,
    relistedFrom: r.relisted_from as string | null,
    cancelReason: r.cancel_reason as string | null,
    endedAt: date(r.ended_at),
    closedAt: date(r.closed_at),
    createdAt: date(r.created_at)!,
  };
}

/** One request, or null; `lock` takes its row lock (the per-request serialisation of every write). */
export async function readReverse(em: SqlExecutor, id: string, lock = false): Promise<ReverseRow | null> {
  const rows = await em.execute<Raw[]>(`select ${REVERSE_COLUMNS} from reverse_auctions where id = ?${lock ? ' for update' : ''}`, [id]);
  return rows[0] ? toReverseRow(rows[0]) : null;
}

export interface QuoteRow {
  id: string;
  seq: string;
  reverseAuctionId: string;
  sellerId: string;
  bidAmount: number;
  partCondition: string | null;
  partLocation: string | null;
  estimatedShipping: number | null;
  availabilityDate: string | null;
  notes: string | null;
  images: ReversePhotoDto[];
  isWinning: boolean;
  createdAt: Date;
}

export const QUOTE_COLUMNS = `id, seq::text as seq, reverse_auction_id, seller_id, bid_amount, part_condition, part_location,
  estimated_shipping, to_char(availability_date, 'YYYY-MM-DD') as availability_date, notes, images, is_winning, created_at`;

export function toQuoteRow(r: Raw): QuoteRow {
  return {
    id: r.id as string,
    seq: r.seq as string,
    reverseAuctionId: r.reverse_auction_id as string,
    sellerId: r.seller_id as string,
    bidAmount: cents(r.bid_amount as string)!,
    partCondition: r.part_condition as string | null,
    partLocation: r.part_location as string | null,
    estimatedShipping: cents(r.estimated_shipping as string | null),
    availabilityDate: r.availability_date as string | null,
    notes: r.notes as string | null,
    images: (r.images as ReversePhotoDto[] | null) ?? [],
    isWinning: r.is_winning as boolean,
    createdAt: date(r.created_at)!,
  };
}
