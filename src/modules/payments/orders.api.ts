import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { OrderSource, OrderState } from './order.dto.js';

export type { OrderSource, OrderState } from './order.dto.js';

/** What creates an order (Buy Now, auctions, offers, reverse awards). */
export interface CreateOrderInput {
  buyerId: string;
  partId: string;
  priceCents: number;
  source: OrderSource;
  /** The auction, reverse request or offer that led to the order. */
  sourceId?: string | null;
  /** Forced final sale (auction wins are always final sale). */
  finalSale?: boolean;
}

/** The facts of one order other modules may read. `partId` is null for a reverse-auction award (no listed part). */
export interface OrderFacts {
  id: string;
  buyerId: string;
  sellerId: string;
  partId: string | null;
  source: OrderSource;
  sourceId: string | null;
  state: OrderState;
  priceCents: number;
  totalCents: number;
  refundedCents: number;
  finalSale: boolean;
  partTitle: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/** What other modules may ask of orders and payments. */
export abstract class OrdersApi {
  /** In the caller's transaction: reserves the part and creates a `pending_payment` order; AppError conflict (409) when the part is sold or in another open order. */
  abstract createOrder(em: SqlExecutor, input: CreateOrderInput): Promise<{ orderId: string }>;
  /** One order's facts, or null when unknown. */
  abstract findOrder(orderId: string): Promise<OrderFacts | null>;
  /**
   * The part's open (not cancelled) order, read through `em` (the caller's transaction, if it has one), or null: an
   * unpaid one holds the part until it is paid or cancelled, and no other order can be created for it meanwhile.
   */
  abstract openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ orderId: string; buyerId: string; state: OrderState } | null>;
  /**
   * Refunds a paid/shipped/delivered order fully or partly through the provider, reversing commission and transfer
   * in proportion, with ledger entries; resolves once this refund is made. AppError on a bad amount or state, and
   * 409 when what is left to refund (refunds in flight count) does not allow it. `actor`: who asks (the history's
   * and audit's actor; by default an admin when `actorId` is given).
   */
  abstract refund(input: { orderId: string; amountCents: number; reason: string; actorId: string | null; actor?: 'admin' | 'seller' }): Promise<void>;
  /** Unpaid auction orders cancelled for non-payment of this buyer (the strike count). */
  abstract unpaidStrikes(buyerId: string): Promise<number>;
}
