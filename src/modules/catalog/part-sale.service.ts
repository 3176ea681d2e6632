import { inject, injectable } from 'inversify';

import { z } from 'zod';
import { Clock } from '../../platform/clock.js';
import { EventBus } from '../../platform/events.js';
import { AccountsApi } from '../accounts/index.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { Database } from '../../platform/db/database.js';
import { Part } from './part.entity.js';
import { markPartSold, putPartBackOnSale } from './part.repository.js';

export const MARK_SOLD_BY_AUCTION_TASK = 'catalog/mark-part-sold';
export const RELIST_CANCELLED_ORDER_PART_TASK = 'catalog/relist-cancelled-order-part';

/** Events of other modules the catalog listens to. */
export const CATALOG_SUBSCRIBED_EVENTS = {
  /** Published by the auctions module when an auction ends with a winner (at its end or by Buy It Now). */
  auctionWon: 'auctions.auction.won',
  /** Published by the payments module when an order is paid (partId null for an order without a listed part). */
  orderPaid: 'payments.order.paid',
  /** Published by the payments module when an order is cancelled (`paid` true: after payment, before shipping). */
  orderCancelled: 'payments.order.cancelled',
} as const;

/** The facts of `auctions.auction.won` or `payments.order.paid` the mark-sold task needs. */
export const partSoldByEvent = z.object({
  event: z.string(),
  payload: z.object({ partId: z.uuid().nullable(), orderId: z.uuid().optional() }),
});

/** The facts of `auctions.auction.won` the catalog needs, inside the event envelope. */
export const auctionWonEvent = z.object({
  event: z.string(),
  payload: z.object({ auctionId: z.uuid(), partId: z.uuid() }),
});

/** A part sold through another channel than the seller's own "mark sold" (an auction now; orders later). */
@injectable()
export class PartSaleService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /**
   * Marks the part sold (it leaves search and watchlists show it unavailable; its page says "Sold") and publishes
   * `catalog.part.sold`, so whatever else is open on it closes. Idempotent: a part already sold is left alone.
   * `orderId` names the paid order that sold it (null for an auction win), which alone may relist it later.
   */
  async markSold(partId: string, orderId: string | null = null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now().toISOString();
      const row = await markPartSold(tx, partId, orderId, now);
      if (!row) return false;
      await this.events.publish(tx, { name: CATALOG_EVENTS.partSold, payload: { partId: row.id, sellerId: row.seller_id } });
      return true;
    });
  }

  /**
   * Puts the part sold by `orderId` back on sale after that order was cancelled before shipping (refunded in full):
   * not sold (back in search; watchlists show it available), live again as it was before the sale, or hidden with
   * the seller's other listings while the seller is suspended (reinstating brings it back). Only when the part is
   * still sold by that very order: a replayed event, a part sold since by another order or an auction, marked sold
   * elsewhere by the seller, or deleted, is left alone. Publishes `catalog.part.back_on_sale` once.
   */
  async putBackOnSale(partId: string, orderId: string): Promise<boolean> {
    // Read past the identity map: the relist below is SQL, and a managed Part would stay "sold" for the request.
    const part = await this.db.em.findOne(Part, { id: partId, soldOrderId: orderId }, { disableIdentityMap: true });
    if (!part) return false;
    const suspended = await this.accounts.isSuspended(part.sellerId);
    return this.db.transaction(async (tx) => {
      const now = this.clock.now().toISOString();
      const row = await putPartBackOnSale(tx, partId, orderId, suspended, now);
      if (!row) return false;
      await this.events.publish(tx, { name: CATALOG_EVENTS.partBackOnSale, payload: { partId: row.id, sellerId: row.seller_id, orderId } });
      return true;
    });
  }
}
