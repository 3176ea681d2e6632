import type { ReserveVisibility } from './auction-settings.dto.js';

/** The answers of the auctions API, declared once here, declarations only; both front ends import them with `import type`. */

/** Where a forward auction is: cancelled ones show only to their seller and admins. */
export type AuctionStatus = 'scheduled' | 'active' | 'ended' | 'pending' | 'cancelled';

/** One photo of the auctioned part. */
export interface AuctionImageDto {
  url: string;
  altText: string;
  isPrimary: boolean;
  thumbnailUrl?: string;
}

/** One forward auction as a viewer sees it. */
export interface AuctionDto {
  id: string;
  partId: string;
  sellerId: string;
  sellerName: string;
  title: string;
  description: string;
  auctionType: 'standard' | 'reserve';
  status: AuctionStatus;
  startingBid: string;
  currentBid: string;
  bidIncrement: string;
  /** The reserve, when the viewer may see it (seller, admin, or visibility "full"). */
  reservePrice: string | null;
  hasReserve: boolean;
  /** Whether the reserve is met; null when the visibility setting hides it from this viewer. */
  reserveMet: boolean | null;
  buyItNowPrice: string | null;
  buyItNowAvailable: boolean;
  minimumNextBid: string;
  startTime: string;
  endTime: string;
  winnerId: string | null;
  totalBids: number;
  watchers: number;
  extensions: number;
  autoExtendTrigger: number;
  autoExtendTime: number;
  maxExtensions: number;
  autoRelist: boolean;
  relistCount: number;
  maxRelists: number;
  relistPriceReduction: number;
  relistDelay: number;
  relistedFrom: string | null;
  allowProxy: boolean;
  shippingCost: string | null;
  condition: string | null;
  location: string | null;
  isWatching: boolean;
  /** The signed-in viewer's own standing, when they have bid here (null otherwise); never another bidder's. */
  myBid: MyBidDto | null;
  /** The part's photos and part number, for the auction page. */
  images: AuctionImageDto[];
  partNumber: string | null;
  createdAt: string;
}

/** The viewer's own standing in an auction: their highest maximum and whether it leads (won, once ended). */
export interface MyBidDto {
  maxBid: string;
  isLeading: boolean;
}

/** One row of an auction's bid history, the bidder masked. */
export interface BidDto {
  id: string;
  auctionId: string;
  bidderName: string;
  bidAmount: string;
  bidType: 'regular' | 'proxy' | 'buy_it_now';
  isWinning: boolean;
  createdAt: string;
}

/** The answer to an accepted bid. */
export interface BidResultDto {
  bid: { id: string; auctionId: string; bidAmount: string; maxBidAmount: string | null; bidType: string; createdAt: string };
  auctionId: string;
  isWinning: boolean;
  currentBid: string;
  minimumNextBid: string;
  totalBids: number;
  endTime: string;
  extensions: number;
  extended: boolean;
  message: string;
}

/** The answer to a Buy It Now. */
export interface BuyItNowResultDto {
  auctionId: string;
  status: 'ended';
  winnerId: string;
  amount: string;
  message: string;
}

/** GET /api/auction-settings/public: what the scheduling form may offer, and the admin's defaults for a new auction. */
export interface PublicAuctionSettingsDto {
  defaults: {
    bidIncrement: string;
    autoExtendTrigger: number;
    autoExtendTime: number;
    maxExtensions: number;
    maxRelists: number;
    relistPriceReduction: number;
    relistDelay: number;
    reserveEnabled: boolean;
    buyItNowEnabled: boolean;
  };
  /** Seconds. */
  minimumAuctionDuration: number;
  allowProxy: boolean;
  allowReservePrices: boolean;
  allowBuyItNow: boolean;
  maxReservePercentage: number;
  minBuyItNowMultiplier: number;
  reservePriceVisibility: ReserveVisibility;
}

/** The kinds of event in an auction's live activity feed. */
export type ActivityType = 'bid' | 'outbid' | 'extension' | 'watcher' | 'end';

/** The facts of one activity event (amounts as decimal strings). */
export interface ActivityData {
  username?: string;
  amount?: string;
  previousHighBid?: string;
  totalWatchers?: number;
  extensionTime?: number;
  currentBid?: string;
}

/** One event of the live activity feed (`activity_event`, `activity_history` over /api/ws). */
export interface ActivityEventDto {
  id: string;
  type: ActivityType;
  timestamp: string;
  data: ActivityData;
}

/** An auction's activity figures (`activity_stats` over /api/ws). */
export interface ActivityStatsDto {
  recentBids: number;
  activeWatchers: number;
  extensions: number;
  totalEvents: number;
}
