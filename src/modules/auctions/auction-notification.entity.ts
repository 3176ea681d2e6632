import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A notice sent about an auction, one per auction, user and type (`result-seller`, `outbid-<bid seq>`,
 * `ends-1h`...), so none is mailed twice; inserted with its mail (auction-notification.repository.ts). The reverse
 * module keeps its notices of reverse auctions here too.
 */
export const AuctionNotification = defineEntity({
  name: 'AuctionNotification',
  tableName: 'auction_notifications',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Exactly one of `auctionId` and `reverseAuctionId` is set: the reverse module keeps its rows here too. */
    auctionId: p.uuid().nullable(),
    reverseAuctionId: p.uuid().nullable(),
    userId: p.uuid(),
    notificationType: p.string().length(40),
    scheduledFor: p.datetime(),
    title: p.string().length(200),
    message: p.text(),
    status: p.string().length(20).default('pending'),
    sentAt: p.datetime().nullable(),
    errorMessage: p.text().nullable(),
  },
});
export type AuctionNotification = InferEntity<typeof AuctionNotification>;
