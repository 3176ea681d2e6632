import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidArray } from '../../platform/db/uuid.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { AuctionStatus } from './auction.dto.js';

/** The auctions row as plain SQL reads it: its columns, its mapping to AuctionRow (amounts in cents), readAuction. */

/** Integer cents of a numeric(10,2) value as the driver returns it ("123.40"), or null. */
export function cents(value: string | number | null): number | null {
  return value === null || value === undefined ? null : storedCents(value);
}
export const centsOf = (value: string | number): number => cents(value)!;
export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));

/** One auctions row, read with plain SQL (amounts in cents). */
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

export const AUCTION_COLUMNS = `id, part_id, seller_id, auction_type, title, description, starting_bid, reserve_price,
  buy_it_now_price, current_bid, bid_increment, start_time, end_time, status, winner_id, total_bids, watchers,
  auto_extend_trigger, auto_extend_time, max_extensions, current_extensions, auto_relist, relist_count, max_relists,
  relist_price_reduction, relist_delay, relisted_from, allow_proxy, allowed_bidders, shipping_cost, conditions, location,
  seller_ip, ended_at, created_at`;

/** A row as the driver returns it. */
export type RawRow = Record<string, unknown>;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

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

/** Reads one auction, optionally locking its row for the rest of the transaction. */
export async function readAuction(em: EntityManager, id: string, lock = false): Promise<AuctionRow | null> {
  const rows = await em.execute<RawRow[]>(`select ${AUCTION_COLUMNS} from auctions where id = ?${lock ? ' for update' : ''}`, [id]);
  return rows[0] ? toAuctionRow(rows[0]) : null;
}

/** One bidder's standing in an auction: their highest maximum (cents) and whether it leads. */
export interface Standing {
  maxCents: number;
  leading: boolean;
}

/**
 * `bidderId`'s standing in each of `auctionIds` where they have bid, ranked as the proxy engine and
 * auction_lock_for_bids rank maxima: the highest maximum leads, the earlier bid on a tie.
 */
export async function readStandings(em: EntityManager, bidderId: string, auctionIds: string[]): Promise<Map<string, Standing>> {
  const rows = await em.execute<{ auction_id: string; max: string; leading: boolean }[]>(
    `select o.auction_id, o.max::text as max,
       not exists (select 1 from bids b
                    where b.auction_id = o.auction_id and b.bid_type <> 'buy_it_now' and b.bidder_id <> o.bidder_id
                      and (coalesce(b.max_bid_amount, b.bid_amount) > o.max
                           or (coalesce(b.max_bid_amount, b.bid_amount) = o.max and b.seq < o.seq))) as leading
       from (select distinct on (auction_id) auction_id, bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq
               from bids where bidder_id = ? and auction_id = any(?::uuid[]) and bid_type <> 'buy_it_now'
              order by auction_id, coalesce(max_bid_amount, bid_amount) desc, seq) o`,
    [bidderId, uuidArray(auctionIds)],
  );
  return new Map(rows.map((r) => [r.auction_id, { maxCents: centsOf(r.max), leading: Boolean(r.leading) }]));
}
