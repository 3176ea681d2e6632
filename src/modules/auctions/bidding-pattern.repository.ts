import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { PatternAction, PatternStatus } from './bidding-pattern.dto.js';
import type { PatternFilter } from './bidding-pattern.schemas.js';

/**
 * The bidding_patterns SQL: the flags a bid's transaction writes (on its PgTransaction, so in the bid's own
 * statements), and the console's queue, read with the flagged auction's title and status.
 */

/** How many regular bids `userId` placed on the auctions of `sellerId` (the new-account pattern). */
export async function countBidsOnSeller(tx: SqlExecutor, userId: string, sellerId: string): Promise<number> {
  const [count] = await tx.execute<{ n: number }[]>(
    `select count(*)::int as n from bids b join auctions x on x.id = b.auction_id
     where b.bidder_id = ? and b.bid_type = 'regular' and x.seller_id = ?`,
    [userId, sellerId],
  );
  return count!.n;
}

/** Flags a pattern once per user, auction and type; returns whether this flag is new. */
export async function insertFlag(
  tx: SqlExecutor,
  flag: { userId: string; auctionId: string; type: string; description: string; riskScore: number; at: Date },
): Promise<boolean> {
  const inserted = await tx.execute<{ id: string }[]>(
    `insert into bidding_patterns (user_id, auction_id, pattern_type, description, risk_score, flagged_at)
     values (?, ?, ?, ?, ?, ?) on conflict (user_id, auction_id, pattern_type) do nothing returning id`,
    [flag.userId, flag.auctionId, flag.type, flag.description, flag.riskScore, flag.at.toISOString()],
  );
  return inserted.length > 0;
}

/** Marks the bid whose patterns were flagged. */
export async function markSuspicious(tx: SqlExecutor, bidId: string): Promise<void> {
  await tx.execute('update bids set suspicious_flag = true where id = ?', [bidId]);
}

/** One flag of the queue, with its auction's title and status. */
export interface PatternRow {
  id: string;
  user_id: string;
  auction_id: string;
  auction_title: string;
  auction_status: string;
  pattern_type: string;
  description: string;
  risk_score: number;
  flagged_at: Date | string;
  status: PatternStatus;
  action_taken: PatternAction | null;
  reviewed_by: string | null;
  reviewed_at: Date | string | null;
}

/** Sort keys of the queue and their columns. */
export const PATTERN_SORT = {
  id: 'p.id',
  flaggedAt: 'p.flagged_at',
  riskScore: 'p.risk_score',
  patternType: 'p.pattern_type',
  status: 'p.status',
  reviewedAt: 'p.reviewed_at',
} as const;
export type PatternSort = keyof typeof PATTERN_SORT;

const SELECT = `select p.id, p.user_id, p.auction_id, a.title as auction_title, a.status as auction_status, p.pattern_type,
  p.description, p.risk_score, p.flagged_at, p.status, p.action_taken, p.reviewed_by, p.reviewed_at
  from bidding_patterns p join auctions a on a.id = p.auction_id`;

/** A page of the queue in `orderBy` (sort keys of PATTERN_SORT, in turn), and the count of all that match. */
export async function listPatterns(
  em: SqlExecutor,
  filter: PatternFilter,
  orderBy: Record<string, 'asc' | 'desc'>,
  page: { limit: number; offset: number },
): Promise<{ rows: PatternRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (filter.ids) add('p.id = any(?::uuid[])', `{${filter.ids.join(',')}}`);
  if (filter.status) add('p.status = ?', filter.status);
  if (filter.patternType) add('p.pattern_type = ?', filter.patternType);
  if (filter.userId) add('p.user_id = ?', filter.userId);
  if (filter.auctionId) add('p.auction_id = ?', filter.auctionId);
  if (filter.actionTaken) add('p.action_taken = ?', filter.actionTaken);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const order = Object.entries(orderBy)
    .map(([field, dir]) => `${PATTERN_SORT[field as PatternSort]} ${dir === 'desc' ? 'desc nulls last' : 'asc nulls first'}`)
    .join(', ');
  const rows = await em.execute<PatternRow[]>(`${SELECT} ${clause} order by ${order} limit ? offset ?`, [...params, page.limit, page.offset]);
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from bidding_patterns p ${clause}`, params);
  return { rows, total: count!.n };
}

/** One flag, locked for the rest of the transaction when asked (an admin's review). */
export async function readPattern(em: SqlExecutor, id: string, lock = false): Promise<PatternRow | null> {
  const [row] = await em.execute<PatternRow[]>(`${SELECT} where p.id = ?${lock ? ' for update of p' : ''}`, [id]);
  return row ?? null;
}
