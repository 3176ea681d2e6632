import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { EventBus } from '../../platform/events.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { SellerReview } from './reputation.entity.js';
import type { ReviewCreateInput } from './reputation.schemas.js';
import type { ReputationDto, ReviewDto } from './reputation.dto.js';
import { ReputationService } from './reputation.service.js';
import { SellerService } from './seller.service.js';
import { SELLER_EVENTS } from './sellers.events.js';

export const REVIEW_TEXT = {
  ownStore: 'You cannot review your own store.',
  alreadyReviewed: 'You have already reviewed this seller.',
  notApproved: 'Only approved sellers can be reviewed.',
  notYourStore: 'Only the seller can respond to reviews of their store.',
  ownReview: 'You cannot mark your own review as helpful.',
  alreadyHelpful: 'You have already marked this review as helpful.',
} as const;

const toReviewDto = (r: SellerReview, names: ReadonlyMap<string, string>): ReviewDto => ({
  id: r.id,
  sellerId: r.sellerId,
  sellerUserId: r.sellerUserId,
  reviewerId: r.reviewerId,
  reviewerName: names.get(r.reviewerId) ?? null,
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

/** Reviews of sellers, seller responses and helpful votes; reputation follows each review. */
@injectable()
export class ReviewService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellerService) private readonly sellers: SellerService,
    @inject(ReputationService) private readonly reputation: ReputationService,
  ) {}

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  private async toDtos(rows: SellerReview[]): Promise<ReviewDto[]> {
    const ids = [...new Set(rows.map((r) => r.reviewerId))];
    const users = await Promise.all(ids.map((id) => this.accounts.findUser(id)));
    const names = new Map(users.filter((u) => u !== null).map((u) => [u.id, u.username]));
    return rows.map((r) => toReviewDto(r, names));
  }

  /** The seller's reputation, by seller id or user id; defaults when nothing happened yet. */
  async reputationOf(idOrUserId: string): Promise<ReputationDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    return this.reputation.forUser(seller.userId, seller.id);
  }

  /** A page of a seller's reviews, newest first. */
  async list(idOrUserId: string, page: { limit: number; offset: number }): Promise<{ rows: ReviewDto[]; total: number }> {
    const seller = await this.sellers.resolve(idOrUserId);
    const [rows, total] = await this.em.findAndCount(
      SellerReview,
      { sellerUserId: seller.userId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: await this.toDtos(rows), total };
  }

  /** Posts the signed-in user's review of an approved seller (one per buyer per seller, never of oneself). */
  async create(idOrUserId: string, input: ReviewCreateInput, actor: Actor): Promise<ReviewDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    if (seller.userId === actor.id) throw Errors.forbidden(REVIEW_TEXT.ownStore);
    if (seller.status !== 'approved') throw Errors.conflict('seller_not_approved', REVIEW_TEXT.notApproved);
    if (await this.em.count(SellerReview, { sellerUserId: seller.userId, reviewerId: actor.id })) {
      throw Errors.conflict('already_reviewed', REVIEW_TEXT.alreadyReviewed);
    }
    try {
      const review = await this.em.transactional(async (em) => {
        const now = this.clock.now();
        const created = em.create(SellerReview, {
          ...input,
          sellerId: seller.id,
          sellerUserId: seller.userId,
          reviewerId: actor.id,
          // No orders module yet: nothing can prove a purchase.
          isVerifiedPurchase: false,
          helpfulCount: 0,
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
      const [dto] = await this.toDtos([review]);
      return dto!;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw Errors.conflict('already_reviewed', REVIEW_TEXT.alreadyReviewed);
      }
      throw error;
    }
  }

  /** The seller's public answer to a review of their store (may be changed later). */
  async respond(idOrUserId: string, reviewId: string, response: string, actor: Actor): Promise<ReviewDto> {
    const seller = await this.sellers.resolve(idOrUserId);
    const review = await this.em.findOne(SellerReview, { id: reviewId, sellerUserId: seller.userId });
    if (!review) throw Errors.notFound('Review');
    if (seller.userId !== actor.id) throw Errors.forbidden(REVIEW_TEXT.notYourStore);
    const now = this.clock.now();
    review.sellerResponse = response;
    review.sellerResponseAt = now;
    review.updatedAt = now;
    await this.em.flush();
    const [dto] = await this.toDtos([review]);
    return dto!;
  }

  /** Counts the signed-in user's "helpful" vote on a review, once per user. */
  async markHelpful(reviewId: string, actor: Actor): Promise<{ id: string; helpfulCount: number }> {
    return this.em.transactional(async (em) => {
      const review = await em.findOne(SellerReview, { id: reviewId });
      if (!review) throw Errors.notFound('Review');
      if (review.reviewerId === actor.id) throw Errors.forbidden(REVIEW_TEXT.ownReview);
      const inserted = await em.execute<{ review_id: string }[]>(
        `insert into review_helpful_votes (review_id, user_id, created_at) values (?, ?, ?)
         on conflict do nothing returning review_id`,
        [reviewId, actor.id, this.clock.now().toISOString()],
      );
      if (!inserted.length) throw Errors.conflict('already_helpful', REVIEW_TEXT.alreadyHelpful);
      const [row] = await em.execute<{ helpful_count: number }[]>(
        `update seller_reviews set helpful_count = helpful_count + 1 where id = ? returning helpful_count`,
        [reviewId],
      );
      return { id: reviewId, helpfulCount: row!.helpful_count };
    });
  }
}
