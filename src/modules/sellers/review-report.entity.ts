import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A user's report of a review for the console, once per user (`userId` a plain user id); removed with its review. */
export const ReviewReport = defineEntity({
  name: 'ReviewReport',
  tableName: 'review_reports',
  properties: {
    reviewId: p.uuid().primary(),
    userId: p.uuid().primary(),
    reason: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReviewReport = InferEntity<typeof ReviewReport>;
