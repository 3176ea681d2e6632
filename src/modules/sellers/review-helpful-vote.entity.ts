import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A user's "helpful" vote on a review, once per user (`userId` a plain user id); removed with its review. */
export const ReviewHelpfulVote = defineEntity({
  name: 'ReviewHelpfulVote',
  tableName: 'review_helpful_votes',
  properties: {
    reviewId: p.uuid().primary(),
    userId: p.uuid().primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReviewHelpfulVote = InferEntity<typeof ReviewHelpfulVote>;
