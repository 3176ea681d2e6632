import type { AuctionRow } from './auction.repository.js';

/** The answers of the auctions API, declared once here; both front ends import them with `import type`. */

/** One forward auction as a viewer sees it. */
export interface AuctionDto {
  id: string;
  partId: string;
  sellerId: string;
  sellerName: string;
  title: string;
  description: string;
  auctionType: 'standard' | 'reserve';
  status: AuctionRow['status'];
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
  images: { url: string; altText: string; isPrimary: boolean; thumbnailUrl?: string }[];
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
