import { formatCents, storedCents } from '../../platform/money.js';
import type { AuctionStatus } from './auction.dto.js';
import type { Auction } from './auction.entity.js';

/**
 * The auction as the rules see it (AuctionRow: amounts in integer cents), made from its entity or from a row of
 * SQL (the bid functions answer the locked row as JSON).
 */

/** Integer cents of a numeric(10,2) value as the driver returns it ("123.40"), or null. */
export function cents(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : storedCents(value);
}
export const centsOf = (value: string | number): number => cents(value)!;
export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));

/** One auction, amounts in cents. */
export interface AuctionRow {
  id: string;
  partId: string;
  sellerId: string;
  auctionType: 'standard' | 'reserve';
  title: string;
  description: string;
  startingBid: number;
  reservePrice: number | null;
  buyItNowPrice: number | null;
  currentBid: number;
  bidIncrement: number;
  startTime: Date;
  endTime: Date;
  status: AuctionStatus;
  winnerId: string | null;
  totalBids: number;
  watchers: number;
  autoExtendTrigger: number;
  autoExtendTime: number;
  maxExtensions: number;
  currentExtensions: number;
  autoRelist: boolean;
  relistCount: number;
  maxRelists: number;
  relistPriceReduction: number;
  relistDelay: number;
  relistedFrom: string | null;
  allowProxy: boolean;
  allowedBidders: string[];
  shippingCost: number | null;
  conditions: string | null;
  location: string | null;
  sellerIp: string | null;
  endedAt: Date | null;
  createdAt: Date;
}

/** One bidder's standing in an auction: their highest maximum (cents) and whether it leads. */
export interface Standing {
  maxCents: number;
  leading: boolean;
}

/** The auction of `a`. */
export function auctionRowOf(a: Auction): AuctionRow {
  return {
    id: a.id,
    partId: a.partId,
    sellerId: a.sellerId,
    auctionType: a.auctionType,
    title: a.title,
    description: a.description,
    startingBid: centsOf(a.startingBid),
    reservePrice: cents(a.reservePrice),
    buyItNowPrice: cents(a.buyItNowPrice),
    currentBid: centsOf(a.currentBid),
    bidIncrement: centsOf(a.bidIncrement),
    startTime: a.startTime,
    endTime: a.endTime,
    status: a.status,
    winnerId: a.winnerId ?? null,
    totalBids: a.totalBids,
    watchers: a.watchers,
    autoExtendTrigger: a.autoExtendTrigger,
    autoExtendTime: a.autoExtendTime,
    maxExtensions: a.maxExtensions,
    currentExtensions: a.currentExtensions,
    autoRelist: a.autoRelist,
    relistCount: a.relistCount,
    maxRelists: a.maxRelists,
    relistPriceReduction: Number(a.relistPriceReduction),
    relistDelay: a.relistDelay,
    relistedFrom: a.relistedFrom ?? null,
    allowProxy: a.allowProxy,
    allowedBidders: [...a.allowedBidders],
    shippingCost: cents(a.shippingCost),
    conditions: a.conditions ?? null,
    location: a.location ?? null,
    sellerIp: a.sellerIp ?? null,
    endedAt: a.endedAt ?? null,
    createdAt: a.createdAt,
  };
}

/** A row as the driver returns it (snake_case columns). */
export type RawRow = Record<string, unknown>;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** The auction of a row of SQL (the columns of AUCTION_COLUMNS, or `to_json` of the row). */
export function toAuctionRow(r: RawRow): AuctionRow {
  return {
    id: String(r.id),
    partId: String(r.part_id),
    sellerId: String(r.seller_id),
    auctionType: r.auction_type as AuctionRow['auctionType'],
    title: String(r.title),
    description: String(r.description),
    startingBid: centsOf(r.starting_bid as string),
    reservePrice: cents(r.reserve_price as string | null),
    buyItNowPrice: cents(r.buy_it_now_price as string | null),
    currentBid: centsOf(r.current_bid as string),
    bidIncrement: centsOf(r.bid_increment as string),
    startTime: date(r.start_time),
    endTime: date(r.end_time),
    status: r.status as AuctionRow['status'],
    winnerId: (r.winner_id as string | null) ?? null,
    totalBids: Number(r.total_bids),
    watchers: Number(r.watchers),
    autoExtendTrigger: Number(r.auto_extend_trigger),
    autoExtendTime: Number(r.auto_extend_time),
    maxExtensions: Number(r.max_extensions),
    currentExtensions: Number(r.current_extensions),
    autoRelist: Boolean(r.auto_relist),
    relistCount: Number(r.relist_count),
    maxRelists: Number(r.max_relists),
    relistPriceReduction: Number(r.relist_price_reduction),
    relistDelay: Number(r.relist_delay),
    relistedFrom: (r.relisted_from as string | null) ?? null,
    allowProxy: Boolean(r.allow_proxy),
    allowedBidders: parsePgArray(r.allowed_bidders),
    shippingCost: cents(r.shipping_cost as string | null),
    conditions: (r.conditions as string | null) ?? null,
    location: (r.location as string | null) ?? null,
    sellerIp: (r.seller_ip as string | null) ?? null,
    endedAt: r.ended_at ? date(r.ended_at) : null,
    createdAt: date(r.created_at),
  };
}

function parsePgArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) return v.slice(1, -1).split(',').filter(Boolean);
  return [];
}
