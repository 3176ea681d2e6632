import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PatternAction, PatternStatus } from './bidding-pattern.dto.js';

/**
 * A suspicious bidding pattern flagged on a bidder in an auction, once per user, auction and type (written in the
 * bid's transaction, bidding-pattern.repository.ts), until an admin reviews it. `userId`, `reviewedBy`: user ids.
 */
export const BiddingPattern = defineEntity({
  name: 'BiddingPattern',
  tableName: 'bidding_patterns',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    auctionId: p.uuid(),
    patternType: p.string().length(50),
    description: p.text(),
    riskScore: p.integer().default(0),
    flaggedAt: p.datetime().onCreate(() => new Date()),
    reviewedBy: p.uuid().nullable(),
    reviewedAt: p.datetime().nullable(),
    status: p.string().length(20).$type<PatternStatus>().default('pending'),
    actionTaken: p.text().$type<PatternAction>().nullable(),
  },
});
export type BiddingPattern = InferEntity<typeof BiddingPattern>;
