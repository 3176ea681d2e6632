import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Database } from '../../platform/db/database.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { Auction } from './auction.entity.js';
import { auctionRowOf, centsOf, type AuctionRow, type Standing } from './auction.row.js';

/**
 * The auctions and bids queries an entity manager cannot say well: the auction locked for a state change, the
 * bidders' standings and highest bids, the watcher counter, the catalog's look-up of held parts, the figures.
 */

/**
 * One auction, read from the database (never the unit of work's earlier copy: bids change it in SQL), and with
 * `lock` held FOR UPDATE until the transaction ends: start, end, relist, Buy It Now and cancelling one auction
 * run one after the other, and after any bid batch holding it.
 */
export async function readAuction(em: EntityManager, id: string, lock = false): Promise<AuctionRow | null> {
  const auction = await em.findOne(Auction, { id }, { refresh: true, ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) });
  return auction ? auctionRowOf(auction) : null;
}

/**
 * `bidderId`'s standing in each of `auctionIds` where they have bid, ranked as the proxy engine and
 * auction_lock_for_bids rank maxima: the highest maximum leads, the earlier bid on a tie.
 */
export async function readStandings(em: SqlExecutor, bidderId: string, auctionIds: string[]): Promise<Map<string, Standing>> {
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

/** Each bidder of an auction with their highest bid in cents, highest first. */
export async function highestBids(em: SqlExecutor, auctionId: string): Promise<{ bidderId: string; amountCents: number }[]> {
  const rows = await em.execute<{ bidder_id: string; amount: string }[]>(
    `select bidder_id, max(bid_amount)::text as amount from bids where auction_id = ? group by bidder_id order by max(bid_amount) desc, bidder_id`,
    [auctionId],
  );
  return rows.map((r) => ({ bidderId: r.bidder_id, amountCents: centsOf(r.amount) }));
}

/** The distinct bidders of an auction, but `except` (the winner) when given. */
export async function bidderIds(em: SqlExecutor, auctionId: string, except?: string | null): Promise<string[]> {
  const rows =
    except === undefined
      ? await em.execute<{ bidder_id: string }[]>('select distinct bidder_id from bids where auction_id = ?', [auctionId])
      : await em.execute<{ bidder_id: string }[]>('select distinct bidder_id from bids where auction_id = ? and bidder_id is distinct from ?', [
          auctionId,
          except,
        ]);
  return rows.map((r) => r.bidder_id);
}

/** Adds `userId` to the auction's watchers; false when they watched it already. */
export async function insertWatcher(em: SqlExecutor, auctionId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into auction_watchers (auction_id, user_id, created_at) values (?, ?, ?)
     on conflict (auction_id, user_id) do nothing returning id`,
    [auctionId, userId, at.toISOString()],
  );
  return inserted.length > 0;
}

/** Removes `userId` from the auction's watchers; false when they did not watch it. */
export async function deleteWatcher(em: SqlExecutor, auctionId: string, userId: string): Promise<boolean> {
  const deleted = await em.execute<{ id: string }[]>('delete from auction_watchers where auction_id = ? and user_id = ? returning id', [auctionId, userId]);
  return deleted.length > 0;
}

/** Moves the auction's watcher count by `delta` in place; returns the count. */
export async function addToWatcherCount(em: SqlExecutor, auctionId: string, delta: number): Promise<number> {
  const [row] = await em.execute<{ watchers: number }[]>('update auctions set watchers = watchers + ? where id = ? returning watchers', [delta, auctionId]);
  return row!.watchers;
}

const OPEN_AUCTIONS_OF_PARTS = `select part_id, id from auctions where part_id = any(?::uuid[]) and status in ('scheduled', 'active')`;

/**
 * The open auction of each of `partIds` that has one (the catalog's PartHolds): one look-up of the partial unique
 * index per page of parts, as a prepared statement on the read connection, since search and part pages ask it;
 * inside a transaction (an order being created), through it.
 */
export async function openAuctionsOfParts(db: Database, partIds: readonly string[]): Promise<Map<string, string>> {
  const params = [uuidArray(partIds)];
  const rows = db.inTransaction
    ? await db.em.execute<{ part_id: string; id: string }[]>(OPEN_AUCTIONS_OF_PARTS, params)
    : await db.runner('read').runPrepared<{ part_id: string; id: string }>(OPEN_AUCTIONS_OF_PARTS, params);
  return new Map(rows.map((r) => [r.part_id, r.id]));
}

/** Bids recorded, by type, on the read connection (GET /api/metrics). */
export async function countBidsByType(db: Database): Promise<Map<string, number>> {
  const rows = await db.runner('read').run<{ bid_type: string; n: number }>('select bid_type, count(*)::int as n from bids group by bid_type');
  return new Map(rows.map((r) => [r.bid_type, r.n]));
}

/** The console dashboard's figures: active and scheduled auctions, bids since `dayStart` and since `weekStart`. */
export async function dashboardFigures(em: SqlExecutor, dayStart: Date, weekStart: Date) {
  const [auctions] = await em.execute<{ active: number; scheduled: number }[]>(
    `select (count(*) filter (where status = 'active'))::int as active, (count(*) filter (where status = 'scheduled'))::int as scheduled
     from auctions where status in ('active', 'scheduled')`,
  );
  const [bids] = await em.execute<{ today: number; week: number }[]>(
    `select (count(*) filter (where created_at >= ?))::int as today, count(*)::int as week from bids where created_at >= ?`,
    [dayStart.toISOString(), weekStart.toISOString()],
  );
  return { activeAuctions: auctions!.active, scheduledAuctions: auctions!.scheduled, bidsToday: bids!.today, bidsThisWeek: bids!.week };
}
