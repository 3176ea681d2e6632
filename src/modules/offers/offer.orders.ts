import { inject, injectable, optional } from 'inversify';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { OrdersApi, type OrderSource, type OrderState } from '../payments/index.js';
import type { OfferKind } from './offer.dto.js';

export const ORDER_SOURCE: Record<OfferKind, OrderSource> = { offer: 'offer', reserve_offer: 'reserve_offer', second_chance: 'second_chance' };

/**
 * The orders an accepted offer creates, through the payments module's OrdersApi. While no payments module is
 * bound, acceptance is recorded without an order and the order is created later by a job (see offers.tasks.ts).
 */
@injectable()
export class OfferOrders {
  constructor(@inject(OrdersApi) @optional() private orders?: OrdersApi) {}

  /** Whether orders can be created now. */
  get ready(): boolean {
    return this.orders !== undefined;
  }

  /** Replaces the orders implementation (tests, without the payments module). */
  use(orders: OrdersApi | undefined): void {
    this.orders = orders;
  }

  /** The part's open order (unpaid, or paid and on its way), read in the caller's transaction; null when none or no payments module. */
  async openOrderOfPart(em: SqlExecutor, partId: string): Promise<{ orderId: string; buyerId: string; state: OrderState } | null> {
    return this.orders ? this.orders.openOrderOfPart(em, partId) : null;
  }

  /** Creates the order in the caller's transaction; null when no payments module is bound. */
  async create(em: SqlExecutor, input: { buyerId: string; partId: string; priceCents: number; kind: OfferKind; offerId: string }): Promise<string | null> {
    if (!this.orders) return null;
    const { orderId } = await this.orders.createOrder(em, {
      buyerId: input.buyerId,
      partId: input.partId,
      priceCents: input.priceCents,
      source: ORDER_SOURCE[input.kind],
      sourceId: input.offerId,
    });
    return orderId;
  }
}
