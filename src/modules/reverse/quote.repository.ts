import type { EntityManager } from '@mikro-orm/postgresql';
import { ReverseAuction } from './reverse-auction.entity.js';
import { ReverseQuote } from './quote.entity.js';

/**
 * The quote path's statements, one round trip each, as measured (docs/performance.md, "Reverse auctions";
 * load-tests/reverse/quote.pgbench.sql follows them statement for statement), and the quote notices' rows that
 * the quote leaves to the sweep. Rows come back as managed entities (`em.map`).
 */

/** The request under its row lock: quotes on one request run one after the other. */
export async function lockRequest(em: EntityManager, id: string): Promise<ReverseAuction | null> {
  const [row] = await em.execute<Record<string, unknown>[]>('select * from reverse_auctions where id = ? for update', [id]);
  return row ? em.map(ReverseAuction, row) : null;
}

/** The request as the quote's transaction left it (for the answer). */
export async function readRequest(em: EntityManager, id: string): Promise<ReverseAuction> {
  const [row] = await em.execute<Record<string, unknown>[]>('select * from reverse_auctions where id = ?', [id]);
  return em.map(ReverseAuction, row!);
}

/** The seller of the lowest quote so far (the earliest of equal ones), or null. */
export async function lowestQuoteSeller(em: EntityManager, reverseAuctionId: string): Promise<string | null> {
  const [row] = await em.execute<{ seller_id: string }[]>(
    'select seller_id from reverse_auction_bids where reverse_auction_id = ? order by bid_amount, seq limit 1',
    [reverseAuctionId],
  );
  return row?.seller_id ?? null;
}

/** What a seller quotes. */
export interface NewQuote {
  reverseAuctionId: string;
  sellerId: string;
  bidAmount: string;
  partCondition: string | null;
  partLocation: string | null;
  estimatedShipping: string | null;
  availabilityDate: string | null;
  notes: string | null;
  images: unknown[];
  createdAt: Date;
}

/** Stores a quote; answers it with its `seq`. */
export async function insertQuote(em: EntityManager, q: NewQuote): Promise<ReverseQuote> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `insert into reverse_auction_bids (reverse_auction_id, seller_id, bid_amount, part_condition, part_location,
       estimated_shipping, availability_date, notes, images, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning *`,
    [
      q.reverseAuctionId,
      q.sellerId,
      q.bidAmount,
      q.partCondition,
      q.partLocation,
      q.estimatedShipping,
      q.availabilityDate,
      q.notes,
      JSON.stringify(q.images),
      q.createdAt.toISOString(),
    ],
  );
  return em.map(ReverseQuote, row!);
}

/** Lowers the request's lowest quote to `bidAmount` (when lower) and counts the quote; answers the new count. */
export async function countQuote(em: EntityManager, id: string, bidAmount: string, at: Date): Promise<number> {
  const [row] = await em.execute<{ total_bids: number }[]>(
    `update reverse_auctions set current_lowest_bid = least(coalesce(current_lowest_bid, ?), ?), total_bids = total_bids + 1,
       updated_at = ? where id = ? returning total_bids`,
    [bidAmount, bidAmount, at.toISOString(), id],
  );
  return row!.total_bids;
}

/** In the quote's transaction: the buyer's new-quotes mail, and the outquoted seller's notice when there is one. */
export async function insertQuoteNotice(em: EntityManager, reverseAuctionId: string, outquotedSellerId: string | null, bidSeq: string): Promise<void> {
  await em.execute('insert into reverse_quote_notices (reverse_auction_id, outquoted_seller_id, bid_seq) values (?, ?, ?::bigint)', [
    reverseAuctionId,
    outquotedSellerId,
    bidSeq,
  ]);
}

/** A stored quote notice, as the sweep reads it. */
export interface QuoteNoticeRow {
  id: string;
  reverse_auction_id: string;
  outquoted_seller_id: string | null;
  bid_seq: string;
}

/** Claims up to `limit` notices, oldest first, skipping those another sweep holds (held until `em`'s transaction ends). */
export function claimQuoteNotices(em: EntityManager, limit: number): Promise<QuoteNoticeRow[]> {
  return em.execute<QuoteNoticeRow[]>(
    `select id, reverse_auction_id, outquoted_seller_id, bid_seq::text from reverse_quote_notices
      order by id limit ? for update skip locked`,
    [limit],
  );
}

/** Removes the notices whose work is done. */
export async function deleteQuoteNotices(em: EntityManager, ids: string[]): Promise<void> {
  await em.execute('delete from reverse_quote_notices where id = any(?::bigint[])', [`{${ids.join(',')}}`]);
}
