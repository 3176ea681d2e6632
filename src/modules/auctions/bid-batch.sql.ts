import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { money, toAuctionRow, type AuctionRow, type RawRow } from './auction.row.js';
import type { BidRow } from './bid.rules.js';

/**
 * The SQL of the bid path: the read of an auction's committed state (BidQueue), the statement that locks a batch's
 * auction and the one that stores the batch (functions: migrations/auctions-bid-functions.ts).
 */

const AUCTION_COLUMNS = `id, part_id, seller_id, auction_type, title, description, starting_bid, reserve_price,
  buy_it_now_price, current_bid, bid_increment, start_time, end_time, status, winner_id, total_bids, watchers,
  auto_extend_trigger, auto_extend_time, max_extensions, current_extensions, auto_relist, relist_count, max_relists,
  relist_price_reduction, relist_delay, relisted_from, allow_proxy, allowed_bidders, shipping_cost, conditions, location,
  seller_ip, ended_at, created_at`;

/** The auction as last committed (BidQueue's early refusal of a bid too low for it), or null when there is none. */
export async function readCommittedAuction(em: SqlExecutor, id: string): Promise<AuctionRow | null> {
  const rows = await em.execute<RawRow[]>(`select ${AUCTION_COLUMNS} from auctions where id = ?`, [id]);
  return rows[0] ? toAuctionRow(rows[0]) : null;
}

/** A standing maximum as auction_lock_for_bids returns it. */
export interface MaximumRow {
  bidder_id: string;
  max: string;
  seq: string;
}

/**
 * The statement that locks the auction row and reads the standing maxima a batch of bids by `bidderIds`
 * depends on (the leader's, the runner-up's and each bidder's own), with its values as literals so that it can
 * go with BEGIN in one round trip; the function reads the maxima after the lock, so it sees the bids of the
 * transaction it waited for. `readLocked` reads its row.
 */
export function lockForBidsSql(literal: (value: string) => string, id: string, bidderIds: readonly string[]): string {
  return `select auction_lock_for_bids(${literal(id)}::uuid, ${literal(uuidArray(bidderIds))}::uuid[]) as locked`;
}

/** The locked auction and maxima from the row of lockForBidsSql, or null when there is no such auction. */
export function readLocked(row: { locked: { auction: RawRow; maxima: MaximumRow[] } | null } | undefined) {
  const locked = row?.locked;
  return locked ? { auction: toAuctionRow(locked.auction), maxima: locked.maxima } : null;
}


/** What one batch stores through auction_apply_bid, in the order of its bids. */
export interface BatchWrite {
  auctionId: string;
  /** Every accepted bid's rows, in order. */
  rows: BidRow[];
  leaderId: string;
  /** The auction after the batch. */
  state: AuctionRow;
  now: Date;
  /** ActivityService.prepare's rows and notices. */
  activity: { rows: string; channel: string; notices: string };
  /** Bidders outbid by the row at `row` of `rows` (its seq names the bid that outbid them). */
  outbid: { userId: string; row: number }[];
}

/** The stored rows' ids and order, and the auction's bid count after the batch. */
export interface AppliedBatch {
  applied: { bids: { id: string; seq: string; createdAt: string }[]; totalBids: number };
}

/**
 * The statement that stores a batch: auction_apply_bid (bid rows, auction, activity) and, when someone was
 * outbid, their notices in auction_outbid_notices in the same statement, since a notice names the seq of the
 * bid that outbid (known once stored). One job sweeps the notices (OUTBID_SWEEP_TASK); no job is added here,
 * as add_jobs NOTIFYs and a notifying commit waits for every other one (docs/performance.md).
 */
export function applyBatchStatement(w: BatchWrite): { sql: string; params: unknown[] } {
  const apply = 'select auction_apply_bid(?, ?::json, ?, ?, ?, ?, ?, ?::json, ?, ?::json)';
  const params: unknown[] = [
    w.auctionId,
    JSON.stringify(w.rows),
    w.leaderId,
    money(w.state.currentBid),
    w.state.endTime.toISOString(),
    w.state.currentExtensions,
    w.now.toISOString(),
    w.activity.rows,
    w.activity.channel,
    w.activity.notices,
  ];
  if (!w.outbid.length) return { sql: `${apply} as applied`, params };
  return {
    sql: `with stored as materialized (${apply} as r),
       queued as (
         insert into auction_outbid_notices (auction_id, user_id, bid_seq)
         select ?::uuid, o.user_id, (s.r->'bids'->o.row->>'seq')::bigint
           from stored s, json_to_recordset(?::json) as o(user_id uuid, "row" int, n int) order by o.n
         returning 1)
       select (select r from stored) as applied, (select count(*) from queued) as outbid`,
    params: [...params, w.auctionId, JSON.stringify(w.outbid.map((o, n) => ({ user_id: o.userId, row: o.row, n })))],
  };
}
