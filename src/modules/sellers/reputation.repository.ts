import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The reputation queries an entity manager cannot say well, run in the caller's transaction: the aggregates a
 * seller's figures are recomputed from, the upsert of the figures, the once-only sale credit, the per-user lock of
 * a badge evaluation and the approved sellers' rank (the early adopters). Everything else reads and writes the
 * entities.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts of a seller's public reviews: all, the average, the happy ones (4 and 5) and each rating. */
export interface ReviewFigures {
  n: number;
  avg: string | null;
  happy: number;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
}

/** The figures of the public reviews of the seller's user `userId`. */
export async function readReviewFigures(em: SqlExecutor, userId: string): Promise<ReviewFigures> {
  const [reviews] = await em.execute<ReviewFigures[]>(
    `select count(*)::int as n, avg(rating) as avg, count(*) filter (where rating >= 4)::int as happy,
              count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
              count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
              count(*) filter (where rating = 5)::int as r5
         from seller_reviews where seller_user_id = ? and is_public`,
    [userId],
  );
  return reviews!;
}

/** Auction sales credited to a seller up to `now`: count, revenue (text), the last 30 days and the 30 before. */
export interface SaleFigures {
  n: number;
  revenue: string;
  recent: number;
  previous: number;
}

export async function readSaleFigures(em: SqlExecutor, userId: string, now: Date): Promise<SaleFigures> {
  const [sales] = await em.execute<SaleFigures[]>(
    `select count(*)::int as n, coalesce(sum(amount), 0)::text as revenue,
              count(*) filter (where sold_at > ?::timestamptz)::int as recent,
              count(*) filter (where sold_at > ?::timestamptz and sold_at <= ?::timestamptz)::int as previous
         from seller_sales where seller_user_id = ? and sold_at <= ?::timestamptz`,
    [
      new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      new Date(now.getTime() - 60 * DAY_MS).toISOString(),
      new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      userId,
      now.toISOString(),
    ],
  );
  return sales!;
}

/** How many buyers a seller's auction sales went to, and how many of them bought more than once. */
export async function readBuyerFigures(em: SqlExecutor, userId: string): Promise<{ buyers: number; repeat: number }> {
  const [buyers] = await em.execute<{ buyers: number; repeat: number }[]>(
    `select count(*)::int as buyers, count(*) filter (where n > 1)::int as repeat
         from (select buyer_id, count(*) as n from seller_sales where seller_user_id = ? group by buyer_id) b`,
    [userId],
  );
  return buyers!;
}

/** The points the badges of `userId` awarded. */
export async function readBadgePoints(em: SqlExecutor, userId: string): Promise<number> {
  const [badges] = await em.execute<{ points: number }[]>(
    `select coalesce(sum(points_awarded), 0)::int as points from user_badges where user_id = ?`,
    [userId],
  );
  return badges!.points;
}

/** A seller's recomputed figures, as seller_reputation stores them. */
export interface ReputationFigures {
  userId: string;
  overallRating: number;
  totalReviews: number;
  totalSales: number;
  /** Exact money text. */
  totalRevenue: string;
  customerSatisfaction: number;
  repeatCustomerRate: number;
  monthlyGrowth: number;
  reputationPoints: number;
  currentLevel: number;
  nextLevelPoints: number | null;
  updatedAt: Date;
  returnRate: number;
  /** Null keeps the stored on-time delivery (a new row takes 100). */
  onTimeDelivery: number | null;
}

/** Inserts or replaces the seller's reputation row in one statement. */
export async function upsertReputation(em: SqlExecutor, f: ReputationFigures): Promise<void> {
  await em.execute(
    `insert into seller_reputation (user_id, overall_rating, total_reviews, total_sales, total_revenue,
         customer_satisfaction, repeat_customer_rate, monthly_growth, reputation_points, current_level,
         next_level_points, updated_at, return_rate, on_time_delivery)
       values (?, ?, ?, ?, ?::numeric, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id) do update set
         overall_rating = excluded.overall_rating, total_reviews = excluded.total_reviews,
         total_sales = excluded.total_sales, total_revenue = excluded.total_revenue,
         customer_satisfaction = excluded.customer_satisfaction, repeat_customer_rate = excluded.repeat_customer_rate,
         monthly_growth = excluded.monthly_growth, reputation_points = excluded.reputation_points,
         current_level = excluded.current_level, next_level_points = excluded.next_level_points,
         updated_at = excluded.updated_at, return_rate = excluded.return_rate,
         on_time_delivery = coalesce(?, seller_reputation.on_time_delivery)`,
    [
      f.userId,
      f.overallRating,
      f.totalReviews,
      f.totalSales,
      f.totalRevenue,
      f.customerSatisfaction,
      f.repeatCustomerRate,
      f.monthlyGrowth,
      f.reputationPoints,
      f.currentLevel,
      f.nextLevelPoints,
      f.updatedAt.toISOString(),
      f.returnRate,
      f.onTimeDelivery ?? 100,
      f.onTimeDelivery,
    ],
  );
}

/** Credits a won auction to its seller unless it was credited already (the auction id is unique); true when inserted. */
export async function insertSale(
  em: SqlExecutor,
  sale: { auctionId: string; partId?: string | null; sellerId: string; winnerId: string; amount: string },
  at: Date,
): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into seller_sales (auction_id, part_id, seller_user_id, buyer_id, amount, sold_at)
         values (?, ?, ?, ?, ?::numeric, ?) on conflict (auction_id) do nothing returning id`,
    [sale.auctionId, sale.partId ?? null, sale.sellerId, sale.winnerId, sale.amount, at.toISOString()],
  );
  return inserted.length > 0;
}

/** Holds the badge evaluation of `userId` until the transaction ends (one evaluation per user at a time). */
export async function lockBadgeEvaluation(em: SqlExecutor, userId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('evaluate-badges:' || ?))`, [userId]);
}

/** The approved seller of `userId` and their place among approved sellers by approval; undefined when not approved. */
export async function approvedSellerRank(em: SqlExecutor, userId: string): Promise<{ approved: boolean; rank: number | null } | undefined> {
  const [seller] = await em.execute<{ approved: boolean; rank: number | null }[]>(
    `select true as approved,
              (select count(*)::int from sellers o where o.status = 'approved'
                 and (o.approved_at, o.id) <= (s.approved_at, s.id)) as rank
         from sellers s where s.user_id = ? and s.status = 'approved' limit 1`,
    [userId],
  );
  return seller;
}
