import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Clock } from '../../platform/clock.js';
import { EventBus } from '../../platform/events.js';
import { TOKENS } from '../../platform/tokens.js';
import { CATALOG_EVENTS } from './catalog.events.js';

export const MARK_SOLD_BY_AUCTION_TASK = 'catalog/mark-part-sold';

/** Events of other modules the catalog listens to. */
export const CATALOG_SUBSCRIBED_EVENTS = {
  /** Published by the auctions module when an auction ends with a winner (at its end or by Buy It Now). */
  auctionWon: 'auctions.auction.won',
  /** Published by the payments module when an order is paid (partId null for an order without a listed part). */
  orderPaid: 'payments.order.paid',
} as const;

/** The facts of `auctions.auction.won` or `payments.order.paid` the mark-sold task needs. */
export const partSoldByEvent = z.object({ event: z.string(), payload: z.object({ partId: z.uuid().nullable() }) });

/** The facts of `auctions.auction.won` the catalog needs, inside the event envelope. */
export const auctionWonEvent = z.object({
  event: z.string(),
  payload: z.object({ auctionId: z.uuid(), partId: z.uuid() }),
});

/** A part sold through another channel than the seller's own "mark sold" (an auction now; orders later). */
@injectable()
export class PartSaleService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Marks the part sold (it leaves search and watchlists show it unavailable; its page says "Sold") and publishes
   * `catalog.part.sold`, so whatever else is open on it closes. Idempotent: a part already sold is left alone.
   */
  async markSold(partId: string): Promise<boolean> {
    return (this.orm.em.fork() as EntityManager).transactional(async (tx) => {
      const now = this.clock.now().toISOString();
      const [row] = await tx.execute<{ id: string; seller_id: string }[]>(
        `update parts set sold_at = ?, is_active = false, updated_at = ? where id = ? and sold_at is null
         returning id, seller_id`,
        [now, now, partId],
      );
      if (!row) return false;
      await this.events.publish(tx, { name: CATALOG_EVENTS.partSold, payload: { partId: row.id, sellerId: row.seller_id } });
      return true;
    });
  }
}
