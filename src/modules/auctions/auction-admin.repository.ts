import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { containsPattern } from '../../platform/db/like.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { AdminAuctionFilter } from './auction-admin.schemas.js';
import type { RawRow } from './auction.row.js';

/**
 * The console's auctions as one report each: the auction with whether and as what it was relisted and how many
 * bidding-pattern flags it has, filtered and sorted by the console.
 */

/** The console's sort fields and their columns (`id` is always allowed by the shared helper). */
export const ADMIN_AUCTION_SORT = {
  id: 'a.id',
  title: 'a.title',
  status: 'a.status',
  startTime: 'a.start_time',
  endTime: 'a.end_time',
  createdAt: 'a.created_at',
  currentBid: 'a.current_bid',
  totalBids: 'a.total_bids',
  watchers: 'a.watchers',
} as const;
export type AdminAuctionSort = keyof typeof ADMIN_AUCTION_SORT;

const COLUMNS = `a.id, a.title, a.description, a.part_id, a.seller_id, a.status, a.starting_bid, a.current_bid, a.reserve_price,
  a.buy_it_now_price, a.bid_increment, a.total_bids, a.watchers, a.start_time, a.end_time, a.ended_at, a.winner_id,
  a.closed_by, a.close_reason, a.relist_count, a.relisted_from, a.created_at,
  (select r.new_auction_id from auction_relists r where r.original_id = a.id and r.status = 'processed') as relisted_as,
  exists (select 1 from auction_relists r where r.original_id = a.id and r.status <> 'pending') as relist_done,
  (select count(*)::int from bidding_patterns p where p.auction_id = a.id) as flag_count`;

/** A page of auctions in any state, in `orderBy` (sort fields of ADMIN_AUCTION_SORT, in turn), and the count of all that match. */
export async function listAdminAuctions(
  em: SqlExecutor,
  filter: AdminAuctionFilter,
  orderBy: Record<string, 'asc' | 'desc'>,
  page: { limit: number; offset: number },
): Promise<{ rows: RawRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status?.length) {
    where.push('a.status = any(?::text[])');
    params.push(`{${filter.status.join(',')}}`);
  }
  if (filter.sellerId) {
    where.push('a.seller_id = ?');
    params.push(filter.sellerId);
  }
  if (filter.partId) {
    where.push('a.part_id = ?');
    params.push(filter.partId);
  }
  if (filter.ids) {
    where.push('a.id = any(?::uuid[])');
    params.push(uuidArray(filter.ids));
  }
  if (filter.q) {
    where.push('a.title ilike ?');
    params.push(containsPattern(filter.q));
  }
  if (filter.flagged !== undefined) {
    where.push(`${filter.flagged ? '' : 'not '}exists (select 1 from bidding_patterns p where p.auction_id = a.id)`);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const order = Object.entries(orderBy)
    .filter(([field]) => field in ADMIN_AUCTION_SORT)
    .map(([field, dir]) => `${ADMIN_AUCTION_SORT[field as AdminAuctionSort]} ${dir === 'desc' ? 'desc' : 'asc'}`);
  if (!('id' in orderBy)) order.push('a.id asc');
  const rows = await em.execute<RawRow[]>(`select ${COLUMNS} from auctions a ${clause} order by ${order.join(', ')} limit ? offset ?`, [
    ...params,
    page.limit,
    page.offset,
  ]);
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from auctions a ${clause}`, params);
  return { rows, total: count!.n };
}

/** One auction of the console, or null. */
export async function readAdminAuction(em: SqlExecutor, id: string): Promise<RawRow | null> {
  const [row] = await em.execute<RawRow[]>(`select ${COLUMNS} from auctions a where a.id = ?`, [id]);
  return row ?? null;
}
