/**
 * The reverse auctions API's answers, declared once here: the server builds them and both front ends read them
 * with `import type`. Declarations only.
 */

export type ReverseStatusDto = 'pending' | 'scheduled' | 'active' | 'ended' | 'cancelled';
/**
 * The status a request shows (spec 000, reverse auction detail): Ended when ended, cancelled or past its end;
 * Pending when pending; Ending Soon under an hour left; otherwise Active (a scheduled request included).
 */
export type ReverseDisplayStatusDto = 'Ended' | 'Pending' | 'Ending Soon' | 'Active';
export type UrgencyDto = 'low' | 'normal' | 'high';
export type ShippingPreferenceDto = 'pickup' | 'shipping' | 'both';

export interface ReversePhotoDto {
  url: string;
  altText: string | null;
}

/** A wanted-part request (GET /api/reverse-auctions, /{id}); money as decimal strings. */
export interface ReverseAuctionDto {
  id: string;
  title: string;
  description: string;
  buyerId: string;
  partCategory: string;
  make: string | null;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  condition: string | null;
  maxBudget: string;
  currentLowestBid: string | null;
  minBidDecrement: string;
  /** The highest quote a seller may make now, or null when none can be made. */
  maximumQuote: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  shippingPreference: ShippingPreferenceDto;
  urgency: UrgencyDto;
  status: ReverseStatusDto;
  /** The status shown on badges, as the spec defines it, at the moment of the answer (`status` holds the finer state). */
  displayStatus: ReverseDisplayStatusDto;
  /** After the end: awarded to a quote, closed unawarded, or null while the buyer may still award. */
  awardStatus: 'awarded' | 'unawarded' | null;
  /** The last moment the buyer may award (7 days after the end), once ended. */
  awardDeadline: string | null;
  winningBidderId: string | null;
  winningBidId: string | null;
  totalBids: number;
  watchers: number;
  images: ReversePhotoDto[];
  autoRelist: boolean;
  relistCount: number;
  maxRelists: number;
  relistBudgetIncrease: number;
  relistDelay: number;
  relistedFrom: string | null;
  /** The buyer asked for a part alert like the request should it end without an award (the garage makes it). */
  alertIfUnfilled: boolean;
  endedAt: string | null;
  createdAt: string;
  /** Whether the signed-in viewer watches this request. */
  isWatching: boolean;
}

/** The four tiles of the list page. */
export interface ReverseStatsDto {
  activeRequests: number;
  highPriority: number;
  /** Sum of the maximum budgets of active requests. */
  totalBudget: string;
  totalBids: number;
}

/**
 * A quote (GET /api/reverse-auctions/{id}/bids). Everyone sees id, bidAmount, createdAt and isWinning; the
 * request's buyer, admins and the quoting seller themself also see the rest (see docs/decisions/reverse.md).
 */
export interface ReverseBidDto {
  id: string;
  bidAmount: string;
  createdAt: string;
  isWinning: boolean;
  /** Whether the signed-in viewer made this quote. */
  isMine: boolean;
  sellerId?: string;
  sellerName?: string;
  storefrontSlug?: string | null;
  sellerRating?: number;
  sellerReviews?: number;
  partCondition?: string | null;
  partLocation?: string | null;
  estimatedShipping?: string | null;
  availabilityDate?: string | null;
  notes?: string | null;
  images?: ReversePhotoDto[];
}

/** The answer of POST /api/reverse-auctions/{id}/bids. */
export interface QuoteResultDto {
  bid: ReverseBidDto;
  reverseAuction: ReverseAuctionDto;
}

/** The answer of POST/DELETE /api/reverse-auctions/{id}/watch. */
export interface ReverseWatchDto {
  reverseAuctionId: string;
  watching: boolean;
  watchers: number;
}

/** A request in the console (GET /api/admin/reverse-auctions). */
export interface AdminReverseAuctionDto extends ReverseAuctionDto {
  buyerUsername: string | null;
  cancelReason: string | null;
}

/** One request in the console (GET /api/admin/reverse-auctions/{id}): every quote in full, lowest first. */
export interface AdminReverseAuctionDetailDto extends AdminReverseAuctionDto {
  quotes: ReverseBidDto[];
}

/** What one event of a request's live activity feed is. */
export type ReverseActivityType = 'quote' | 'outquoted' | 'watcher' | 'end' | 'award';

export interface ReverseActivityData {
  username?: string;
  amount?: string;
  previousLowBid?: string;
  currentLowBid?: string | null;
  totalBids?: number;
  totalWatchers?: number;
}

/** One event of the live activity feed (WebSocket `activity_event` and `activity_history`). */
export interface ReverseActivityEvent {
  id: string;
  type: ReverseActivityType;
  timestamp: string;
  data: ReverseActivityData;
}
