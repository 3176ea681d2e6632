/** The console's answers about auctions (`/api/admin/auctions`), declared once here; the console imports them with `import type`. */

import type { AuctionStatus } from './auction.dto.js';

/** Where an auction is, as the console filters it. */
export type AdminAuctionStatus = AuctionStatus;

/** One auction in the console's list. */
export interface AdminAuctionDto {
  id: string;
  title: string;
  partId: string;
  sellerId: string;
  sellerName: string;
  status: AdminAuctionStatus;
  startingBid: string;
  currentBid: string;
  reservePrice: string | null;
  /** Whether the reserve is met (true without a reserve once there is a bid). */
  reserveMet: boolean;
  buyItNowPrice: string | null;
  totalBids: number;
  watchers: number;
  startTime: string;
  endTime: string;
  endedAt: string | null;
  winnerId: string | null;
  winnerName: string | null;
  /** The admin who ended it early or cancelled it, and the reason the bidders were told. */
  closedBy: string | null;
  closeReason: string | null;
  relistCount: number;
  relistedFrom: string | null;
  /** The auction that relisted this one, if any. */
  relistedAs: string | null;
  /** Ended without a sale and not relisted yet: the console offers Relist. */
  canRelist: boolean;
  /** How many bidding-pattern flags its bids raised. */
  flagCount: number;
  createdAt: string;
}

/** One bid as the console sees it: the bidder named, not masked. */
export interface AdminBidDto {
  id: string;
  bidderId: string;
  bidderName: string;
  bidAmount: string;
  maxBidAmount: string | null;
  bidType: 'regular' | 'proxy' | 'buy_it_now';
  isWinning: boolean;
  suspicious: boolean;
  createdAt: string;
}

/** One bidding-pattern flag raised on the auction. */
export interface AdminPatternFlagDto {
  id: string;
  userId: string;
  username: string;
  patternType: string;
  description: string;
  riskScore: number;
  status: string;
  flaggedAt: string;
}

/** One event of the auction's activity feed. */
export interface AdminActivityDto {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** One auction's page in the console: the list row plus its bids, activity and flags. */
export interface AdminAuctionDetailDto extends AdminAuctionDto {
  description: string;
  bidIncrement: string;
  bids: AdminBidDto[];
  activity: AdminActivityDto[];
  flags: AdminPatternFlagDto[];
}

/** The answer of the console's manual relist. */
export interface AdminRelistDto {
  originalId: string;
  newAuctionId: string | null;
  message: string;
}
