/**
 * A seller's sales figures from real orders, asked through a port the sellers module declares and the payments
 * module binds (sellers does not depend on payments). Unbound, the figures come from the auctions won
 * (seller_sales), as before orders existed.
 */

/** A seller's paid orders (not cancelled, not fully refunded), as the reputation reads them. */
export interface SellerSalesFigures {
  /** Paid orders kept (not cancelled or fully refunded). */
  sales: number;
  /** Their totals less refunds, as an exact decimal string. */
  revenue: string;
  /** Paid in the last 30 days, and in the 30 days before (monthly growth). */
  recent: number;
  previous: number;
  /** Distinct buyers of those orders, and those with more than one. */
  buyers: number;
  repeatBuyers: number;
  /** Percent of the orders due to ship (shipped, or past their 72 hours) that shipped in time; 100 when none. */
  onTimeDelivery: number;
}

export abstract class SellerOrderSales {
  /** The seller's figures at `now` (zeros and 100 % on time when there are none). */
  abstract figures(sellerUserId: string, now: Date): Promise<SellerSalesFigures>;
}
