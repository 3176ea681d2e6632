import { inject, injectable, optional } from 'inversify';
import { UniqueConstraintViolationException } from '@mikro-orm/core';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { AccountsApi } from '../accounts/index.js';
import { SellerReview } from './reputation.entity.js';
import type { ReviewCreateInput } from './reputation.schemas.js';
import type { OwnReviewDto, ReportedReviewDto, ReputationDto, ReviewDto } from './reputation.dto.js';
import { ReviewPurchases } from './review.purchases.js';
import { ReputationService } from './reputation.service.js';
import { SellerService } from './seller.service.js';
import { SELLER_EVENTS } from './sellers.events.js';
import { Database } from '../../platform/db/database.js';
import { ReviewReport } from './review-report.entity.js';
import { incrementHelpfulCount, incrementReportCount, insertHelpfulVote, insertReport } from './review.repository.js';

export const REVIEW_TEXT = {
  ownStore: 'You cannot review your own store.',
  noPurchase: 'You can review a seller only for an order you bought from them, once it has been delivered.',
  notDelivered: 'You can review this order once it has been delivered.',
  alreadyReviewed: 'You have already reviewed this order.',
  alreadyResponded: 'You have already responded to this review.',
  ownReport: 'You cannot report your own review.',
  alreadyReported: 'You have already reported this review.',
  notApproved: 'Only approved sellers can be reviewed.',
  notYourStore: 'Only the seller can respond to reviews of their store.',
  ownReview: 'You cannot mark your own review as helpful.',
  alreadyHelpful: 'You have already marked this review as helpful.',
  orderFilterSignIn: 'Sign in to see your review of an order.',
} as const;

/** The public review; `readerId` is the signed-in reader's id (null when signed out). */
const toReviewDto = (r: SellerReview, names: ReadonlyMap<string, string>, readerId: string | null): ReviewDto => ({
  id: r.id,
  sellerId: r.sellerId,
  sellerUserId: r.sellerUserId,
  reviewerName: names.get(r.reviewerId) ?? null,
  isOwnReview: readerId !== null && r.reviewerId === readerId,
  rating: r.rating,
  qualityRating: r.qualityRating ?? null,
  serviceRating: r.serviceRating ?? null,
  shippingRating: r.shippingRating ?? null,
  title: r.title ?? null,
  reviewText: r.reviewText ?? null,
  pros: r.pros ?? [],
  cons: r.cons ?? [],
  wouldRecommend: r.wouldRecommend ?? null,
  isVerifiedPurchase: r.isVerifiedPurchase,
  helpfulCount: r.helpfulCount,
  sellerResponse: r.sellerResponse ?? null,
  sellerResponseAt: r.sellerResponseAt ? r.sellerResponseAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** The review as its author and admins read it: with the author's id and the order. */
const toOwnReviewDto = (r: SellerReview, names: ReadonlyMap<string, string>, readerId: string | null): OwnReviewDto => ({
  ...toReviewDto(r, names, readerId),
  reviewerId: r.reviewerId,
  orderId: r.orderId ?? null,
});

/** Reviews of sellers, seller responses and helpful votes; reputation follows each review. */
@injectable()
export class ReviewService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellerService) private readonly sellers: SellerService,
    @inject(ReputationService) private readonly reputation: ReputationService,
    @inject(ReviewPurchases) @optional() private readonly purchases: ReviewPurchases | undefined,
  ) {}

  /** The reviewers' display names (usernames) by id. */
  private async namesOf(rows: SellerReview[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.map((r) => r.reviewerId))];
    const users = await Promise.all(ids.map((id) => this.accounts.findUser(id)));
    return new Map(users.filter((u) => u !== null).map((u) => [u.id, u.username]));
  }

  /** The seller's reputation, by seller id or user id; defaults when nothing happened yet. */
  async reputationOf(idOrUserId: string): Promise<ReputationDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    return this.reputation.forUser(seller.userId, seller.id);
  }

  /**
   * A page of a seller's public reviews, newest first, as `reader` (null when signed out) may read them. With
   * `orderId` (signed in only), the review of that order: the reader's own (hidden by a moderator or not), or
   * anyone's for an admin, with the order and author; another buyer's order reads as having none.
   */
  async list(
    idOrUserId: string,
    page: { limit: number; offset: number; orderId?: string },
    reader: Actor | null,
  ): Promise<{ rows: ReviewDto[] | OwnReviewDto[]; total: number }> {
    if (page.orderId && !reader) throw Errors.unauthorized(REVIEW_TEXT.orderFilterSignIn);
    const seller = await this.sellers.resolve(idOrUserId);
    const where = page.orderId
      ? { sellerUserId: seller.userId, orderId: page.orderId, ...(reader!.role === 'admin' ? {} : { reviewerId: reader!.id }) }
      : { sellerUserId: seller.userId, isPublic: true };
    const [rows, total] = await this.db.em.findAndCount(SellerReview, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: page.offset,
    });
    const names = await this.namesOf(rows);
    const readerId = reader?.id ?? null;
    const toDto = page.orderId ? toOwnReviewDto : toReviewDto;
    return { rows: rows.map((r) => toDto(r, names, readerId)), total };
  }

  /**
   * Posts the signed-in buyer's review of an order they bought from this seller, once it is delivered or completed:
   * one review per order, a verified purchase; anything else is refused with a sentence.
   */
  async create(idOrUserId: string, input: ReviewCreateInput, actor: Actor): Promise<OwnReviewDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    if (seller.userId === actor.id) throw Errors.forbidden(REVIEW_TEXT.ownStore);
    if (seller.status !== 'approved') throw Errors.conflict('seller_not_approved', REVIEW_TEXT.notApproved);
    const purchase = input.orderId && this.purchases ? await this.purchases.purchase(input.orderId) : null;
    if (!purchase || purchase.buyerId !== actor.id || purchase.sellerUserId !== seller.userId) {
      throw Errors.forbidden(REVIEW_TEXT.noPurchase);
    }
    if (!['delivered', 'completed'].includes(purchase.state)) throw Errors.conflict('not_delivered', REVIEW_TEXT.notDelivered);
    if (await this.db.em.count(SellerReview, { orderId: purchase.orderId })) {
      throw Errors.conflict('already_reviewed', REVIEW_TEXT.alreadyReviewed);
    }
    try {
      const review = await this.db.em.transactional(async (em) => {
        const now = this.clock.now();
        const created = em.create(SellerReview, {
          ...input,
          sellerId: seller.id,
          sellerUserId: seller.userId,
          reviewerId: actor.id,
          orderId: purchase.orderId,
          isVerifiedPurchase: true,
          helpfulCount: 0,
          reportCount: 0,
          isPublic: true,
          moderatedAt: null,
          moderatedBy: null,
          sellerResponse: null,
          sellerResponseAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        await this.reputation.recompute(em, seller.userId);
        await this.reputation.queueBadgeEvaluation(em, seller.userId);
        await this.events.publish(em, {
          name: SELLER_EVENTS.reviewPosted,
          payload: { reviewId: created.id, sellerId: seller.id, sellerUserId: seller.userId, reviewerId: actor.id, rating: created.rating },
        });
        return created;
      });
      return toOwnReviewDto(review, await this.namesOf([review]), actor.id);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw Errors.conflict('already_reviewed', REVIEW_TEXT.alreadyReviewed);
      }
      throw error;
    }
  }

  /** The seller's public answer to a review of their store, once. */
  async respond(idOrUserId: string, reviewId: string, response: string, actor: Actor): Promise<ReviewDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    const review = await this.db.em.findOne(SellerReview, { id: reviewId, sellerUserId: seller.userId });
    if (!review) throw Errors.notFound('Review');
    if (seller.userId !== actor.id) throw Errors.forbidden(REVIEW_TEXT.notYourStore);
    if (review.sellerResponse) throw Errors.conflict('already_responded', REVIEW_TEXT.alreadyResponded);
    const now = this.clock.now();
    review.sellerResponse = response;
    review.sellerResponseAt = now;
    review.updatedAt = now;
    await this.db.em.flush();
    return toReviewDto(review, await this.namesOf([review]), actor.id);
  }

  /** Counts the signed-in user's "helpful" vote on a review, once per user. */
  async markHelpful(reviewId: string, actor: Actor): Promise<{ id: string; helpfulCount: number }> {
    return this.db.em.transactional(async (em) => {
      const review = await em.findOne(SellerReview, { id: reviewId });
      if (!review) throw Errors.notFound('Review');
      if (review.reviewerId === actor.id) throw Errors.forbidden(REVIEW_TEXT.ownReview);
      if (!(await insertHelpfulVote(em, reviewId, actor.id, this.clock.now()))) throw Errors.conflict('already_helpful', REVIEW_TEXT.alreadyHelpful);
      return { id: reviewId, helpfulCount: await incrementHelpfulCount(em, reviewId) };
    });
  }

  /** Records the signed-in user's report of a review (once per user; never of one's own review) for the console. */
  async report(reviewId: string, reason: string, actor: Actor): Promise<{ id: string; reported: true }> {
    return this.db.em.transactional(async (em) => {
      const review = await em.findOne(SellerReview, { id: reviewId, isPublic: true });
      if (!review) throw Errors.notFound('Review');
      if (review.reviewerId === actor.id) throw Errors.forbidden(REVIEW_TEXT.ownReport);
      if (!(await insertReport(em, reviewId, actor.id, reason, this.clock.now()))) throw Errors.conflict('already_reported', REVIEW_TEXT.alreadyReported);
      await incrementReportCount(em, reviewId);
      return { id: reviewId, reported: true as const };
    });
  }

  /** The console's page of reported reviews (most reported first by default). */
  async reported(page: { offset: number; limit: number; orderBy: Record<string, 'asc' | 'desc'> }, filter: { isPublic?: boolean; ids?: string[] }): Promise<{ rows: ReportedReviewDto[]; total: number }> {
    const where: Record<string, unknown> = filter.ids ? { id: { $in: filter.ids } } : { reportCount: { $gt: 0 } };
    if (filter.isPublic !== undefined) where.isPublic = filter.isPublic;
    const [rows, total] = await this.db.em.findAndCount(SellerReview, where, {
      orderBy: { ...page.orderBy, id: 'asc' },
      limit: page.limit,
      offset: page.offset,
    });
    return { rows: await this.toReported(rows), total };
  }

  /** One review for the console, with its reports. */
  async reportedOne(reviewId: string): Promise<ReportedReviewDto> {
    const review = await this.db.em.findOne(SellerReview, { id: reviewId }, { refresh: true });
    if (!review) throw Errors.notFound('Review');
    return (await this.toReported([review]))[0]!;
  }

  /** An admin hides or restores a review, or dismisses its reports; the seller's reputation follows. */
  async moderate(reviewId: string, input: { isPublic?: boolean; dismissReports?: boolean }, admin: Actor): Promise<ReportedReviewDto> {
    await this.db.em.transactional(async (em) => {
      const review = await em.findOne(SellerReview, { id: reviewId });
      if (!review) throw Errors.notFound('Review');
      const now = this.clock.now();
      if (input.isPublic !== undefined && input.isPublic !== review.isPublic) {
        review.isPublic = input.isPublic;
        review.moderatedAt = now;
        review.moderatedBy = admin.id;
      }
      if (input.dismissReports) {
        await em.nativeDelete(ReviewReport, { reviewId });
        review.reportCount = 0;
        review.moderatedAt = now;
        review.moderatedBy = admin.id;
      }
      review.updatedAt = now;
      await em.flush();
      await this.reputation.recompute(em, review.sellerUserId);
    });
    return this.reportedOne(reviewId);
  }

  private async toReported(rows: SellerReview[]): Promise<ReportedReviewDto[]> {
    if (!rows.length) return [];
    const reports = await this.db.em.find(ReviewReport, { reviewId: { $in: rows.map((r) => r.id) } }, { orderBy: { createdAt: 'asc' } });
    const ids = [...new Set([...rows.flatMap((r) => [r.reviewerId, r.sellerUserId]), ...reports.map((r) => r.userId)])];
    const users = await this.accounts.findUsers(ids);
    const names = new Map(users.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      ...toOwnReviewDto(r, names, null),
      reportCount: r.reportCount,
      isPublic: r.isPublic,
      moderatedAt: r.moderatedAt ? r.moderatedAt.toISOString() : null,
      sellerName: names.get(r.sellerUserId) ?? null,
      reports: reports
        .filter((x) => x.reviewId === r.id)
        .map((x) => ({ userId: x.userId, username: names.get(x.userId) ?? null, reason: x.reason, createdAt: x.createdAt.toISOString() })),
    }));
  }
}
