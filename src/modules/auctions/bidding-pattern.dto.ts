/**
 * The console's bidding-pattern queue, declared once here: the server builds it (bidding-pattern-review.service.ts)
 * and the console reads it with `import type`. Declarations only.
 */

/** What an admin did about a flag: nothing (false alarm), a warning mailed to the bidder, a block from bidding, cancelled bids. */
export const PATTERN_ACTIONS = ['none', 'warning', 'block_bidder', 'cancel_bids'] as const;
export type PatternAction = (typeof PATTERN_ACTIONS)[number];

/** A flag waits for review (`pending`) until an admin records what they did (`reviewed`). */
export const PATTERN_STATUSES = ['pending', 'reviewed'] as const;
export type PatternStatus = (typeof PATTERN_STATUSES)[number];

/** One flag the bidding engine recorded (GET /api/admin/bidding-patterns). */
export interface BiddingPatternDto {
  id: string;
  userId: string;
  /** The bidder's username ('Unknown user' when the account is gone). */
  username: string;
  /** The bidder's suspicious-activity score now (0-100; bidding pauses at the admin's maximum). */
  suspiciousActivityScore: number | null;
  auctionId: string;
  auctionTitle: string;
  auctionStatus: string;
  patternType: string;
  description: string;
  riskScore: number;
  flaggedAt: string;
  status: PatternStatus;
  actionTaken: PatternAction | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  /** Whether the bidder is on the admin's blocked-bidders list now. */
  bidderBlocked: boolean;
}
