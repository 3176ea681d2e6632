/** What an offer came from: Make an Offer on a part, the reserve-not-met window, or a Second Chance offer. */
export type OfferKind = 'offer' | 'reserve_offer' | 'second_chance';
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'expired' | 'cancelled';
/** Why the order of an accepted offer was cancelled (payments' cancel reasons): the offer is then `cancelled`. */
export type OfferCancelReason = 'unpaid' | 'buyer' | 'seller' | 'admin';
export type OfferSide = 'buyer' | 'seller';

/** One step of a negotiation, oldest first. Money as decimal strings ("1234.00"). */
export interface OfferStepDto {
  actor: OfferSide | 'system';
  action: 'open' | 'offer' | 'counter' | 'accept' | 'decline' | 'expire' | 'cancel';
  amount: string | null;
  message: string | null;
  createdAt: string;
}

/** One negotiation as its buyer, its seller or an admin sees it (GET /api/offers/{id}, and each row of GET /api/offers). */
export interface OfferDto {
  id: string;
  kind: OfferKind;
  partId: string;
  partTitle: string;
  /** The part's asking price. */
  partPrice: string | null;
  auctionId: string | null;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  sellerName: string;
  status: OfferStatus;
  /** The amount on the table (null while a reserve-not-met window has no proposal yet). */
  amount: string | null;
  /** The lowest amount the seller may propose: the high bid (reserve-not-met window), else null. */
  floorAmount: string | null;
  /** Who may answer now: 'either' while a reserve-not-met window has no proposal yet. */
  turn: OfferSide | 'either';
  rounds: number;
  maxRounds: number;
  message: string | null;
  declineReason: string | null;
  /** The order created when the offer was accepted (null before, or while it waits to be created). */
  orderId: string | null;
  /** Set when the order of the accepted offer was cancelled (status `cancelled`). */
  cancelReason: OfferCancelReason | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  /** The viewer's side (null for an admin who is neither). */
  yourSide: OfferSide | null;
  canAccept: boolean;
  canDecline: boolean;
  canCounter: boolean;
  steps: OfferStepDto[];
}

/** A seller's per-part automatic answers (GET/PUT /api/parts/{id}/offer-prices); never shown to buyers. */
export interface OfferPricesDto {
  partId: string;
  autoAcceptPrice: string | null;
  autoDeclinePrice: string | null;
}

/** One bidder a Second Chance offer may go to, at their highest bid. */
export interface SecondChanceCandidateDto {
  bidderId: string;
  username: string;
  amount: string;
  /** The Second Chance offer already sent to this bidder, if any. */
  offerId: string | null;
  offerStatus: OfferStatus | null;
}

/** One auction of the seller whose winner did not pay (GET /api/offers/second-chances). */
export interface UnpaidWinDto {
  auctionId: string;
  partId: string;
  partTitle: string;
  buyerName: string;
  cancelledAt: string;
  /** Second Chance offers sent for it so far. */
  offersSent: number;
}

/** GET /api/auctions/{id}/second-chance: the auction's unpaid win and the other bidders (seller and admins only). */
export interface SecondChanceDto {
  auctionId: string;
  partId: string;
  partTitle: string;
  /** Whether the part can still be offered (unsold, in no open order or auction). */
  available: boolean;
  validityDays: number[];
  candidates: SecondChanceCandidateDto[];
}
