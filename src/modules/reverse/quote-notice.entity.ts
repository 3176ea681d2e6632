import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * What a quote leaves to mail, swept by reverse/sweep-quote-notices: the buyer's grouped new-quotes mail, and the
 * outquoted seller's notice when there is one. A row stays until its work is done.
 */
export const QuoteNotice = defineEntity({
  name: 'QuoteNotice',
  tableName: 'reverse_quote_notices',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    reverseAuctionId: p.uuid(),
    outquotedSellerId: p.uuid().nullable(),
    bidSeq: p.bigint('string'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type QuoteNotice = InferEntity<typeof QuoteNotice>;
