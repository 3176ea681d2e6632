import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { UploadCleanupService } from './upload-cleanup.service.js';
import { SearchRecentService } from './search-recent.service.js';
import { CATALOG_SUBSCRIBED_EVENTS, MARK_SOLD_BY_AUCTION_TASK, PartSaleService, partSoldByEvent, RELIST_CANCELLED_ORDER_PART_TASK } from './part-sale.service.js';
import { mayRelistAfterCancel, orderCancelledEvent } from './part.relist.js';

export const DELETE_UNCLAIMED_UPLOADS_TASK = 'catalog/delete-unclaimed-uploads';
export const TRIM_SEARCH_RECENT_TASK = 'catalog/trim-search-recent';

/** graphile-worker tasks of the catalog module. */
export const catalogTasks: TaskFactories = {
  /** Deletes uploaded photos that no listing or storefront uses a day after their upload; idempotent. */
  [DELETE_UNCLAIMED_UPLOADS_TASK]: (container) => async () => {
    await container.get(UploadCleanupService).deleteUnclaimed();
  },
  /** Trims the newest public parts' search table to its size (search-recent.sql.ts); idempotent. */
  [TRIM_SEARCH_RECENT_TASK]: (container) => async () => {
    await container.get(SearchRecentService).trim();
  },
  /** Marks the part of a won auction or a paid order sold (`auctions.auction.won`, `payments.order.paid`); idempotent. */
  [MARK_SOLD_BY_AUCTION_TASK]: (container) => async (payload) => {
    const { event, payload: sold } = parseOrThrow(partSoldByEvent, payload);
    // An order without a listed part (a reverse-auction award) sells nothing of the catalog's.
    const orderId = event === CATALOG_SUBSCRIBED_EVENTS.orderPaid ? (sold.orderId ?? null) : null;
    if (sold.partId) await container.get(PartSaleService).markSold(sold.partId, orderId);
  },
  /**
   * Puts the part of a fixed-price order cancelled after payment (before shipping, refunded in full) back on sale
   * (`payments.order.cancelled`); idempotent: only while the part is still sold by that order.
   */
  [RELIST_CANCELLED_ORDER_PART_TASK]: (container) => async (payload) => {
    const { payload: cancelled } = parseOrThrow(orderCancelledEvent, payload);
    if (mayRelistAfterCancel(cancelled)) await container.get(PartSaleService).putBackOnSale(cancelled.partId, cancelled.orderId);
  },
};

/** Unclaimed uploads every hour, at 17 minutes past; the recent search table every five minutes. */
export const catalogCrontab = [
  `17 * * * * ${DELETE_UNCLAIMED_UPLOADS_TASK} ?max=1&jobKey=catalog-delete-unclaimed-uploads`,
  `*/5 * * * * ${TRIM_SEARCH_RECENT_TASK} ?max=1&jobKey=${TRIM_SEARCH_RECENT_TASK}`,
];
