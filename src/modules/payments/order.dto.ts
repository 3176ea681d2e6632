/** The answers of the orders and payments API, declared once here, declarations only; both front ends import them with `import type`. */

/** How an order came to be. */
export type OrderSource = 'buy_now' | 'auction_won' | 'auction_buy_it_now' | 'reverse_award' | 'offer' | 'reserve_offer' | 'second_chance';

/** Where an order is. */
export type OrderState =
  | 'pending_payment'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'partially_refunded'
  | 'disputed';

/** The buyer's choice for a sale of $5,000 and over: the escrow (recommended) or the signed waiver. */
export type EscrowChoice = 'escrow' | 'waiver';

/** Which payment provider takes the card: Stripe, or the built-in test provider when no keys are configured. */
export type PaymentProviderName = 'stripe' | 'test';

/** Where the buyer wants the part shipped. */
export interface ShippingAddressDto {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
}

/** One step of an order's history (every state change, with who made it). */
export interface OrderHistoryEntryDto {
  /** The state entered (or, for notes such as "late shipment", the state the order stayed in). */
  state: OrderState;
  /** What happened, e.g. "Paid by card", "Shipped with UPS 1Z...", "Cancelled: not paid in time". */
  note: string | null;
  actor: 'buyer' | 'seller' | 'admin' | 'system';
  at: string;
}

/** One payment-provider operation of an order (money as exact decimal strings). */
export interface OrderPaymentDto {
  id: string;
  kind: 'charge' | 'refund' | 'transfer' | 'transfer_reversal';
  provider: PaymentProviderName;
  /** The provider's id (PaymentIntent `pi_...`, refund `re_...`, transfer `tr_...`). */
  providerRef: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  amount: string;
  createdAt: string;
}

/** The accounts of the ledger: every order's entries over all accounts add up to zero. */
export type LedgerAccount = 'buyer' | 'seller' | 'marketplace' | 'provider' | 'escrow';

/** One append-only ledger entry (admins only). */
export interface LedgerEntryDto {
  id: string;
  orderId: string;
  sellerId: string;
  account: LedgerAccount;
  kind: 'sale' | 'commission' | 'provider_fee' | 'transfer' | 'escrow_hold' | 'escrow_release' | 'refund' | 'commission_returned' | 'transfer_reversal';
  /** Signed amount: positive is money into the account. */
  amount: string;
  memo: string | null;
  createdAt: string;
}

/** Escrow facts of an order (a sale of $5,000 and over). */
export interface EscrowInfoDto {
  /** The threshold from which escrow is offered and recommended ("5000.00"). */
  threshold: string;
  /** Whether this order's total reaches the threshold (then the buyer picks escrow or signs the waiver). */
  applies: boolean;
  choice: EscrowChoice | null;
  waiverSignedAt: string | null;
  /** With escrow: when the 3-day inspection after delivery ends (then the funds go to the seller). */
  inspectionEndsAt: string | null;
  /** With escrow: when the funds went to the seller; null while held. */
  releasedAt: string | null;
}

/** What the signed-in viewer may do with the order now. */
export interface OrderNextActionsDto {
  canPay: boolean;
  canShip: boolean;
  canConfirm: boolean;
  canCancel: boolean;
  /** Admins: a paid, shipped, delivered or completed order with money left to refund. */
  canRefund: boolean;
}

/** One order as its buyer, seller or an admin sees it (GET /api/orders/{id}; lists carry the same shape). */
export interface OrderDto {
  id: string;
  source: OrderSource;
  /** The auction, reverse request or offer that led to the order. */
  sourceId: string | null;
  state: OrderState;
  /** The part bought; null for a reverse-auction award (the quote names no listed part). */
  partId: string | null;
  partTitle: string;
  partImageUrl: string | null;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  sellerName: string;
  /** The sale price (exact decimal string). */
  price: string;
  shippingCost: string;
  /** What the buyer pays: price + shipping. The commission is the seller's, never a buyer fee. */
  total: string;
  /** The marketplace commission on the price (seller and admins only; null for the buyer). */
  commission: string | null;
  /** What the seller receives: price + shipping - commission (seller and admins only; null for the buyer). */
  sellerNet: string | null;
  refunded: string;
  /** Final Sale: no returns; the buyer must acknowledge it at checkout. */
  finalSale: boolean;
  finalSaleAcknowledgedAt: string | null;
  escrow: EscrowInfoDto;
  shippingAddress: ShippingAddressDto | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** Unpaid orders are cancelled at this moment (15 minutes for Buy Now, 48 hours for auction wins). */
  payBy: string | null;
  /** The seller ships by this moment (72 hours after payment). */
  shipBy: string | null;
  /** The seller shipped after `shipBy`, or has not shipped and it has passed. */
  lateShipment: boolean;
  /** When the return window ends and the order completes (7 days after delivery). */
  returnWindowEndsAt: string | null;
  /** Whether the seller can take card payments now (payout setup finished, or test mode). */
  sellerPayoutsReady: boolean;
  /** Why the order cannot be paid yet, told to the buyer (e.g. the seller has not finished payout setup); else null. */
  waitingReason: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: 'unpaid' | 'buyer' | 'seller' | 'admin' | null;
  /** The viewer's side of the order. */
  viewerRole: 'buyer' | 'seller' | 'admin';
  history: OrderHistoryEntryDto[];
  payments: OrderPaymentDto[];
  /** The order's ledger entries: admins only (null for buyers and sellers). */
  ledger: LedgerEntryDto[] | null;
  actions: OrderNextActionsDto;
}

/** The answer of POST /api/orders (Buy Now): the order to check out. */
export interface CreateOrderResultDto {
  orderId: string;
  order: OrderDto;
}

/** The answer of POST /api/orders/{id}/checkout: what the client needs to take the payment. */
export interface CheckoutDto {
  orderId: string;
  provider: PaymentProviderName;
  /** Stripe: the PaymentIntent's client secret for Elements; test: an opaque id for POST /api/payments/test/confirm. */
  clientSecret: string;
  /** Stripe's publishable key for Elements; null in test mode. */
  publishableKey: string | null;
  /** True with the test provider: the page says "Test mode: no card is charged". */
  testMode: boolean;
  /** What is charged now (the total). */
  amount: string;
  currency: 'usd';
  escrow: EscrowInfoDto;
  /** Whether the Final Sale acknowledgement was required (and given) for this order. */
  finalSaleRequired: boolean;
  order: OrderDto;
}

/** A seller's payout setup (GET /api/payments/connect/status). */
export interface ConnectStatusDto {
  /** The connected (Express) account, once onboarding started; null before. */
  accountId: string | null;
  provider: PaymentProviderName;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Whether buyers can pay this seller's orders now. */
  ready: boolean;
}

/** The answer of POST /api/payments/connect/onboarding: where to send the seller. */
export interface ConnectOnboardingDto {
  url: string;
  expiresAt: string | null;
  status: ConnectStatusDto;
}

/** One order in the seller's earnings. */
export interface EarningsOrderDto {
  orderId: string;
  partTitle: string;
  state: OrderState;
  total: string;
  commission: string;
  refunded: string;
  /** What the seller gets (or got) from this order after commission and refunds. */
  net: string;
  /** pending: paid, not yet with the seller (escrow held or awaiting payout); available: transferred to the seller's account; paid_out: past the return window. */
  payoutStatus: 'pending' | 'available' | 'paid_out' | 'none';
  paidAt: string | null;
}

/** A seller's Payouts & Earnings (GET /api/payments/earnings; CSV with ?format=csv). */
export interface EarningsDto {
  pending: string;
  available: string;
  paidOut: string;
  totalCommission: string;
  connect: ConnectStatusDto;
  orders: EarningsOrderDto[];
}

/** The Finance page's "Owed by sellers" (GET /api/admin/finance/owed): escrow transfer reversals not made yet. */
export interface OwedBySellersDto {
  owedBySellers: string;
  /** The orders they belong to (the Orders list's "Reversal owed" filter). */
  orders: number;
}

/** One month of the console's Finance page (GET /api/admin/finance; CSV with ?format=csv). */
export interface FinanceMonthDto {
  /** "2026-11" */
  id: string;
  month: string;
  orders: number;
  grossSales: string;
  commission: string;
  refunds: string;
  featuredRevenue: string;
  /** The payment provider's processing fees the marketplace paid (ledger `provider_fee`, by the month booked). */
  providerFees: string;
}

/** The refund one refund request made (issue 31). */
export interface RefundDto {
  /** The refund's id: its entry among the order's `payments`. */
  id: string;
  /** What this refund gave back ("25.00"), whatever other refunds of the order did meanwhile. */
  amount: string;
  status: 'succeeded';
  /** The provider's refund id (`re_...`). */
  providerRef: string | null;
  createdAt: string;
}

/**
 * The answer of POST /api/admin/orders/{id}/refund: the order after the refund (as before) and `refund`, the one
 * refund this request made. A repeat with the same Idempotency-Key gets this same answer again.
 */
export type RefundResultDto = OrderDto & { refund: RefundDto };
