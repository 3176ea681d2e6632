import { z } from 'zod';

/** Events the sellers module publishes. */
export const SELLER_EVENTS = {
  /** A user applied to sell (payload: sellerId, userId). */
  sellerApplied: 'sellers.seller.applied',
  /** An admin approved a seller (payload: sellerId, userId, approvedBy, storefrontId, slug). */
  sellerApproved: 'sellers.seller.approved',
  /** An admin rejected an application (payload: sellerId, userId, rejectionReason, rejectedBy). */
  sellerRejected: 'sellers.seller.rejected',
  /** A buyer reviewed a seller (payload: reviewId, sellerId, sellerUserId, reviewerId, rating). */
  reviewPosted: 'sellers.review.posted',
  /** A user earned a badge (payload: userId, badgeId, pointsAwarded). */
  badgeAwarded: 'sellers.badge.awarded',
} as const;

/** Events of other modules this module listens to. */
export const SUBSCRIBED_EVENTS = {
  /** Published by the auctions module when an auction ends with a winner. */
  auctionWon: 'auctions.auction.won',
  /** Published by payments when an order is delivered (payload sellerId: the seller's user id). */
  orderDelivered: 'payments.order.delivered',
  /** Payments' order steps that change the sales figures (issue 22): paid, shipped, refunded, cancelled. */
  orderPaid: 'payments.order.paid',
  orderShipped: 'payments.order.shipped',
  orderRefunded: 'payments.order.refunded',
  orderCancelled: 'payments.order.cancelled',
  /** Published by the returns module when a buyer requests a return (payload sellerId: the seller's user id). */
  returnRequested: 'returns.return.requested',
} as const;

export const sellerApprovedPayload = z.object({
  sellerId: z.uuid(),
  userId: z.uuid(),
  approvedBy: z.uuid(),
  storefrontId: z.uuid(),
  slug: z.string(),
});
export const sellerRejectedPayload = z.object({
  sellerId: z.uuid(),
  userId: z.uuid(),
  rejectionReason: z.string(),
  rejectedBy: z.uuid(),
});
export const reviewPostedPayload = z.object({
  reviewId: z.uuid(),
  sellerId: z.uuid(),
  sellerUserId: z.uuid(),
  reviewerId: z.uuid(),
  rating: z.number().int(),
});
