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
import { insertUserBadge } from './badge.repository.js';
import {
  approvedSellerRank,
  insertSale,
  lockBadgeEvaluation,
  readBadgePoints,
  readBuyerFigures,
  readReviewFigures,
  readSaleFigures,
  upsertReputation,
} from './reputation.repository.js';
import { Seller } from './seller.entity.js';

export const EVALUATE_BADGES_TASK = 'reputation/evaluate-badges';
export const RECORD_SALE_TASK = 'reputation/record-sale';
export const EVALUATE_ALL_BADGES_TASK = 'reputation/evaluate-all-badges';
export const REFRESH_REPUTATION_TASK = 'reputation/refresh';

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
    const reviews = await readReviewFigures(em, userId);
    let sales = await readSaleFigures(em, userId, now);
    const buyers = await readBuyerFigures(em, userId);
    const badgePoints = await readBadgePoints(em, userId);
    const orders = this.purchases ? await this.purchases.figures(userId) : null;
    // Issue 22: with payments present, sales, revenue, growth, repeat customers and on-time delivery come from paid orders.
    const paid = this.orderSales ? await this.orderSales.figures(userId, now) : null;
    if (paid) sales = { n: paid.sales, revenue: paid.revenue, recent: paid.recent, previous: paid.previous };
    // Delivered orders, once there are any, tell repeat customers better than auction sales alone.
    const customers =
      orders && orders.deliveredOrders > 0 ? { buyers: orders.buyers, repeat: orders.repeatBuyers } : paid ? { buyers: paid.buyers, repeat: paid.repeatBuyers } : buyers;
    const returnRate = orders && orders.deliveredOrders > 0 ? round2(Math.min(100, (orders.returns / orders.deliveredOrders) * 100)) : 0;
    const r = reviews;
    const s = sales;
    const points = reputationPoints({
      sales: s.n,
      ratings: { 1: r.r1, 2: r.r2, 3: r.r3, 4: r.r4, 5: r.r5 },
      badgePoints,
    });
    const tier = tierOf(points);
    const growth = s.previous > 0 ? ((s.recent - s.previous) / s.previous) * 100 : s.recent > 0 ? 100 : 0;
    await upsertReputation(em, {
      userId,
      overallRating: r.n ? round2(Number(r.avg)) : 0,
      totalReviews: r.n,
      totalSales: s.n,
      totalRevenue: s.revenue,
      customerSatisfaction: r.n ? round2((r.happy / r.n) * 100) : 0,
      repeatCustomerRate: customers.buyers ? round2((customers.repeat / customers.buyers) * 100) : 0,
      monthlyGrowth: Math.max(-999999, Math.min(999999, round2(growth))),
      reputationPoints: points,
      currentLevel: tier.level,
      nextLevelPoints: tier.nextLevelPoints,
      updatedAt: now,
      returnRate,
      onTimeDelivery: paid ? paid.onTimeDelivery : null,
    });
  }

  /** Recomputes a seller's figures after an order or a return changed them (the returns and payments events). */
  async refresh(sellerUserId: string): Promise<void> {
    await this.db.em.transactional((em) => this.recompute(em as EntityManager, sellerUserId));
  }

  /** Credits a won auction to its seller once (the auction id is unique), then re-evaluates badges. */
  async recordSale(sale: { auctionId: string; partId?: string | null; sellerId: string; winnerId: string; amount: string }): Promise<boolean> {
    return this.db.em.transactional(async (em) => {
      if (!(await insertSale(em, sale, this.clock.now()))) return false;
      await this.recompute(em, sale.sellerId);
      await this.queueBadgeEvaluation(em, sale.sellerId);
      return true;
    });
  }

  /** What badge requirements read for a seller's user. */
  private async standing(em: EntityManager, userId: string): Promise<SellerStanding> {
    await this.recompute(em, userId);
    // Read fresh: recompute has just written the row in SQL.
    const rep = await em.findOne(SellerReputation, { userId }, { refresh: true });
    const seller = await approvedSellerRank(em, userId);
    return {
      totalSales: num(rep?.totalSales),
      revenueCents: storedCents(rep?.totalRevenue ?? 0),
      overallRating: num(rep?.overallRating),
      totalReviews: num(rep?.totalReviews),
      // Nothing measures response times until messaging exists.
      averageResponseTime: null,
      onTimeDelivery: rep ? num(rep.onTimeDelivery) : 100,
      returnRate: num(rep?.returnRate),
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
      await lockBadgeEvaluation(em, userId);
      const standing = await this.standing(em, userId);
      const badges = await em.find(Badge, { isActive: true, type: { $in: ['seller', 'both'] } }, { orderBy: { sortOrder: 'asc' } });
      const awarded: string[] = [];
      for (const badge of badges) {
        if (!meetsRequirement(badge.requirement as BadgeRequirement, standing)) continue;
        if (!(await insertUserBadge(em, userId, badge, this.clock.now()))) continue;
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
      const sellers = await em.find(Seller, { status: 'approved' }, { fields: ['userId'] });
      const userIds = [...new Set(sellers.map((seller) => seller.userId))];
      for (const userId of userIds) await this.queueBadgeEvaluation(em, userId);
      return userIds.length;
    });
  }
}
