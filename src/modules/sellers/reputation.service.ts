import { inject, injectable, optional } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { Badge, SellerReputation } from './reputation.entity.js';
import type { ReputationDto } from './reputation.dto.js';
import {
  EARLY_ADOPTER_SELLERS,
  meetsRequirement,
  ratingBand,
  reputationPoints,
  tierOf,
  type BadgeRequirement,
  type SellerStanding,
} from './reputation.rules.js';
import { ReviewPurchases } from './review.purchases.js';
import { SellerOrderSales } from './seller.order-sales.js';
import { SELLER_EVENTS } from './sellers.events.js';
import { Database } from '../../platform/db/database.js';

export const EVALUATE_BADGES_TASK = 'reputation/evaluate-badges';
export const RECORD_SALE_TASK = 'reputation/record-sale';
export const EVALUATE_ALL_BADGES_TASK = 'reputation/evaluate-all-badges';
export const REFRESH_REPUTATION_TASK = 'reputation/refresh';

const DAY_MS = 24 * 60 * 60 * 1000;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const round2 = (v: number) => Math.round(v * 100) / 100;

/** The defaults of spec 001 §9 for a seller with no activity. */
export function defaultReputation(userId: string, sellerId: string | null): ReputationDto {
  const tier = tierOf(0);
  return {
    sellerId,
    userId,
    overallRating: 0,
    totalReviews: 0,
    totalSales: 0,
    totalRevenue: '0.00',
    averageResponseTime: 0,
    shippingAccuracy: 100,
    onTimeDelivery: 100,
    returnRate: 0,
    customerSatisfaction: 0,
    repeatCustomerRate: 0,
    monthlyGrowth: 0,
    reputationPoints: 0,
    currentLevel: tier.level,
    nextLevelPoints: tier.nextLevelPoints,
    levelName: tier.levelName,
    ratingBand: null,
  };
}

export function toReputationDto(r: SellerReputation, sellerId: string | null): ReputationDto {
  const tier = tierOf(r.reputationPoints);
  return {
    sellerId,
    userId: r.userId,
    overallRating: num(r.overallRating),
    totalReviews: r.totalReviews,
    totalSales: r.totalSales,
    totalRevenue: formatCents(storedCents(r.totalRevenue)),
    averageResponseTime: num(r.averageResponseTime),
    shippingAccuracy: num(r.shippingAccuracy),
    onTimeDelivery: num(r.onTimeDelivery),
    returnRate: num(r.returnRate),
    customerSatisfaction: num(r.customerSatisfaction),
    repeatCustomerRate: num(r.repeatCustomerRate),
    monthlyGrowth: num(r.monthlyGrowth),
    reputationPoints: r.reputationPoints,
    currentLevel: tier.level,
    nextLevelPoints: tier.nextLevelPoints,
    levelName: tier.levelName,
    ratingBand: r.totalReviews > 0 ? ratingBand(num(r.overallRating)) : null,
  };
}

/** Keeps seller_reputation in step with reviews, sales and badges, and awards badges. */
@injectable()
export class ReputationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly events: EventBus,
    @inject(ReviewPurchases) @optional() private readonly purchases: ReviewPurchases | undefined,
    @inject(SellerOrderSales) @optional() private readonly orderSales: SellerOrderSales | undefined,
  ) {}

  /** The reputation of a seller's user (defaults when nothing happened yet). */
  async forUser(userId: string, sellerId: string | null): Promise<ReputationDto> {
    const row = await this.db.em.findOne(SellerReputation, { userId }, { refresh: true });
    return row ? toReputationDto(row, sellerId) : defaultReputation(userId, sellerId);
  }

  /** Reputations of many sellers' users at once. */
  async forUsers(userIds: string[]): Promise<Map<string, ReputationDto>> {
    const rows = userIds.length ? await this.db.em.find(SellerReputation, { userId: { $in: userIds } }) : [];
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    return new Map(
      userIds.map((id) => {
        const row = byUser.get(id);
        return [id, row ? toReputationDto(row, null) : defaultReputation(id, null)];
      }),
    );
  }

  /** Queues a badge evaluation for a seller's user (one pending job per user). */
  async queueBadgeEvaluation(em: EntityManager, sellerUserId: string): Promise<void> {
    await this.jobs.add(em, EVALUATE_BADGES_TASK, { sellerUserId }, { jobKey: `evaluate-badges:${sellerUserId}` });
  }

  /**
   * Recomputes every figure of a seller's reputation from public reviews, sales, delivered orders and their returns
   * (return rate, repeat customers) and earned badges (idempotent).
   */
  async recompute(em: EntityManager, userId: string): Promise<void> {
    const now = this.clock.now();
    const [reviews] = await em.execute<
      { n: number; avg: string | null; happy: number; r1: number; r2: number; r3: number; r4: number; r5: number }[]
    >(
      `select count(*)::int as n, avg(rating) as avg, count(*) filter (where rating >= 4)::int as happy,
              count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
              count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
              count(*) filter (where rating = 5)::int as r5
         from seller_reviews where seller_user_id = ? and is_public`,
      [userId],
    );
    let [sales] = await em.execute<{ n: number; revenue: string; recent: number; previous: number }[]>(
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
    const [buyers] = await em.execute<{ buyers: number; repeat: number }[]>(
      `select count(*)::int as buyers, count(*) filter (where n > 1)::int as repeat
         from (select buyer_id, count(*) as n from seller_sales where seller_user_id = ? group by buyer_id) b`,
      [userId],
    );
    const [badges] = await em.execute<{ points: number }[]>(
      `select coalesce(sum(points_awarded), 0)::int as points from user_badges where user_id = ?`,
      [userId],
    );
    const orders = this.purchases ? await this.purchases.figures(userId) : null;
    // Issue 22: with payments present, sales, revenue, growth, repeat customers and on-time delivery come from paid orders.
    const paid = this.orderSales ? await this.orderSales.figures(userId, now) : null;
    if (paid) sales = { n: paid.sales, revenue: paid.revenue, recent: paid.recent, previous: paid.previous };
    // Delivered orders, once there are any, tell repeat customers better than auction sales alone.
    const customers =
      orders && orders.deliveredOrders > 0 ? { buyers: orders.buyers, repeat: orders.repeatBuyers } : paid ? { buyers: paid.buyers, repeat: paid.repeatBuyers } : buyers!;
    const returnRate = orders && orders.deliveredOrders > 0 ? round2(Math.min(100, (orders.returns / orders.deliveredOrders) * 100)) : 0;
    const r = reviews!;
    const s = sales!;
    const points = reputationPoints({
      sales: s.n,
      ratings: { 1: r.r1, 2: r.r2, 3: r.r3, 4: r.r4, 5: r.r5 },
      badgePoints: badges!.points,
    });
    const tier = tierOf(points);
    const growth = s.previous > 0 ? ((s.recent - s.previous) / s.previous) * 100 : s.recent > 0 ? 100 : 0;
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
        userId,
        r.n ? round2(Number(r.avg)) : 0,
        r.n,
        s.n,
        s.revenue,
        r.n ? round2((r.happy / r.n) * 100) : 0,
        customers.buyers ? round2((customers.repeat / customers.buyers) * 100) : 0,
        Math.max(-999999, Math.min(999999, round2(growth))),
        points,
        tier.level,
        tier.nextLevelPoints,
        now.toISOString(),
        returnRate,
        paid ? paid.onTimeDelivery : 100,
        paid ? paid.onTimeDelivery : null,
      ],
    );
  }

  /** Recomputes a seller's figures after an order or a return changed them (the returns and payments events). */
  async refresh(sellerUserId: string): Promise<void> {
    await this.db.em.transactional((em) => this.recompute(em as EntityManager, sellerUserId));
  }

  /** Credits a won auction to its seller once (the auction id is unique), then re-evaluates badges. */
  async recordSale(sale: { auctionId: string; partId?: string | null; sellerId: string; winnerId: string; amount: string }): Promise<boolean> {
    return this.db.em.transactional(async (em) => {
      const inserted = await em.execute<{ id: string }[]>(
        `insert into seller_sales (auction_id, part_id, seller_user_id, buyer_id, amount, sold_at)
         values (?, ?, ?, ?, ?::numeric, ?) on conflict (auction_id) do nothing returning id`,
        [sale.auctionId, sale.partId ?? null, sale.sellerId, sale.winnerId, sale.amount, this.clock.now().toISOString()],
      );
      if (!inserted.length) return false;
      await this.recompute(em, sale.sellerId);
      await this.queueBadgeEvaluation(em, sale.sellerId);
      return true;
    });
  }

  /** What badge requirements read for a seller's user. */
  private async standing(em: EntityManager, userId: string): Promise<SellerStanding> {
    await this.recompute(em, userId);
    const [rep] = await em.execute<Record<string, string | number | null>[]>(
      `select * from seller_reputation where user_id = ?`,
      [userId],
    );
    const [seller] = await em.execute<{ approved: boolean; rank: number | null }[]>(
      `select true as approved,
              (select count(*)::int from sellers o where o.status = 'approved'
                 and (o.approved_at, o.id) <= (s.approved_at, s.id)) as rank
         from sellers s where s.user_id = ? and s.status = 'approved' limit 1`,
      [userId],
    );
    return {
      totalSales: num(rep?.total_sales),
      revenueCents: storedCents(rep?.total_revenue ?? 0),
      overallRating: num(rep?.overall_rating),
      totalReviews: num(rep?.total_reviews),
      // Nothing measures response times until messaging exists.
      averageResponseTime: null,
      onTimeDelivery: rep ? num(rep.on_time_delivery) : 100,
      returnRate: num(rep?.return_rate),
      verified: Boolean(seller?.approved),
      earlyAdopter: seller?.rank != null && seller.rank <= EARLY_ADOPTER_SELLERS,
    };
  }

  /**
   * Awards every active seller badge whose requirement the user meets. Each award is inserted once
   * (unique user and badge); its points count only when newly inserted. Safe to run twice.
   */
  async evaluateBadges(userId: string): Promise<string[]> {
    return this.db.em.transactional(async (em) => {
      // One evaluation per user at a time.
      await em.execute(`select pg_advisory_xact_lock(hashtext('evaluate-badges:' || ?))`, [userId]);
      const standing = await this.standing(em, userId);
      const badges = await em.find(Badge, { isActive: true, type: { $in: ['seller', 'both'] } }, { orderBy: { sortOrder: 'asc' } });
      const awarded: string[] = [];
      for (const badge of badges) {
        if (!meetsRequirement(badge.requirement as BadgeRequirement, standing)) continue;
        const rows = await em.execute<{ id: string }[]>(
          `insert into user_badges (user_id, badge_id, points_awarded, earned_at) values (?, ?, ?, ?)
           on conflict (user_id, badge_id) do nothing returning id`,
          [userId, badge.id, badge.pointsAwarded, this.clock.now().toISOString()],
        );
        if (!rows.length) continue;
        awarded.push(badge.id);
        await this.events.publish(em, {
          name: SELLER_EVENTS.badgeAwarded,
          payload: { userId, badgeId: badge.id, pointsAwarded: badge.pointsAwarded },
        });
      }
      if (awarded.length) await this.recompute(em, userId);
      return awarded;
    });
  }

  /** Queues an evaluation for every approved seller (the nightly run). */
  async queueAllEvaluations(): Promise<number> {
    return this.db.em.transactional(async (em) => {
      const rows = await em.execute<{ user_id: string }[]>(`select distinct user_id from sellers where status = 'approved'`);
      for (const row of rows) await this.queueBadgeEvaluation(em, row.user_id);
      return rows.length;
    });
  }
}
