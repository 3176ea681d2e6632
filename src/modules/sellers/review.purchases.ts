/**
 * What reviews and reputation need to know about purchases, asked through a port the sellers module declares and the
 * returns module binds (it reads orders through payments and keeps the returns), so that sellers depends on neither.
 * Unbound, no purchase can be proved: every review is refused and the order figures stay at their defaults.
 */

/** One order, as a review needs it. */
export interface PurchaseFacts {
  orderId: string;
  buyerId: string;
  /** The seller's user id. */
  sellerUserId: string;
  state: string;
  deliveredAt: string | null;
}

/** A seller's delivered orders, their buyers and the returns requested of them. */
export interface SellerOrderFigures {
  deliveredOrders: number;
  buyers: number;
  /** Buyers with more than one delivered order. */
  repeatBuyers: number;
  returns: number;
}

export abstract class ReviewPurchases {
  /** The order's facts, or null when there is no such order. */
  abstract purchase(orderId: string): Promise<PurchaseFacts | null>;
  /** The seller's order figures (zeros when none). */
  abstract figures(sellerUserId: string): Promise<SellerOrderFigures>;
}
