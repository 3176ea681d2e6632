import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An auction win cancelled for non-payment (from payments.order.cancelled, reason unpaid): a strike of the
 * non-paying winner, and an auction open to Second Chance offers. All ids are other modules'.
 */
export const UnpaidAuctionOrder = defineEntity({
  name: 'UnpaidAuctionOrder',
  tableName: 'unpaid_auction_orders',
  properties: {
    orderId: p.uuid().primary(),
    auctionId: p.uuid(),
    partId: p.uuid(),
    sellerId: p.uuid(),
    buyerId: p.uuid(),
    cancelledAt: p.datetime(),
  },
});
export type UnpaidAuctionOrder = InferEntity<typeof UnpaidAuctionOrder>;
