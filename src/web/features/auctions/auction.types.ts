import type { MyBidDto } from '../../../modules/auctions/auction.dto';

/** Shapes of the auction API as the web app reads them (spec 000 §3 "Auction"). Money is a decimal string. */

export type AuctionStatus = 'active' | 'scheduled' | 'ended' | 'pending' | (string & {});
export type AuctionType = 'standard' | 'reserve';

export interface AuctionImage {
  url: string;
  altText?: string | null;
  thumbnailUrl?: string | null;
}

export interface Auction {
  id: string;
  title: string;
  description: string;
  partNumber?: string | null;
  status: AuctionStatus;
  startingBid: string;
  currentBid: string;
  bidIncrement: string;
  /** Only present when the seller's visibility setting shows it. */
  reservePrice?: string | null;
  reserveMet?: boolean | null;
  buyItNowPrice?: string | null;
  buyItNowAvailable?: boolean;
  minimumNextBid?: string | null;
  shippingCost?: string | null;
  auctionType: AuctionType | (string & {});
  startTime: string;
  endTime: string;
  createdAt: string;
  /** Either image objects or plain URLs. */
  images?: Array<AuctionImage | string> | null;
  totalBids: number;
  watchers: number;
  condition?: string | null;
  location?: string | null;
  sellerId: string;
  sellerName?: string | null;
  partId?: string | null;
  /** False when the seller turned proxy bidding off for this auction. */
  allowProxy?: boolean;
  /** Whether the signed-in user watches the auction, when the server says so. */
  isWatching?: boolean;
  /** The signed-in user's own standing (their maximum, whether it leads), when they have bid. */
  myBid?: MyBidDto | null;
}

export interface Bid {
  id: string;
  bidAmount: string;
  bidderId?: string;
  bidderName?: string | null;
  createdAt: string;
  isWinning?: boolean;
}

/** GET /api/auction-settings/public: what the schedule form may offer. */
export interface PublicAuctionSettings {
  allowReservePrices: boolean;
  allowBuyItNow: boolean;
  minBuyItNowMultiplier: number | string;
  maxReservePercentage: number | string;
  /** Seconds. */
  minimumAuctionDuration: number;
  allowProxy?: boolean;
  reservePriceVisibility?: 'hidden' | 'met-status' | 'full';
  /** The admin's defaults for a new auction. */
  defaults?: {
    bidIncrement?: string | number;
    autoExtendTrigger?: number;
    autoExtendTime?: number;
    maxExtensions?: number;
    maxRelists?: number;
    relistPriceReduction?: number;
    relistDelay?: number;
    reserveEnabled?: boolean;
    buyItNowEnabled?: boolean;
  };
}

export type ActivityEventType = 'bid' | 'outbid' | 'extension' | 'watcher' | 'end';

export interface ActivityEvent {
  id: string;
  type: ActivityEventType | (string & {});
  timestamp: string;
  data: {
    username?: string | null;
    amount?: string | number | null;
    previousHighBid?: string | number | null;
    totalWatchers?: number | null;
    extensionTime?: number | null;
    currentBid?: string | number | null;
  };
}

export interface ActivityStats {
  recentBids: number;
  activeWatchers: number;
  extensions: number;
  totalEvents: number;
}
