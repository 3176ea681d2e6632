import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { UploadCleanupService } from './upload-cleanup.service.js';
import { auctionWonEvent, MARK_SOLD_BY_AUCTION_TASK, PartSaleService } from './part-sale.service.js';

export const DELETE_UNCLAIMED_UPLOADS_TASK = 'catalog/delete-unclaimed-uploads';

/** graphile-worker tasks of the catalog module. */
export const catalogTasks: TaskFactories = {
  /** Deletes uploaded photos that no listing or storefront uses a day after their upload; idempotent. */
  [DELETE_UNCLAIMED_UPLOADS_TASK]: (container) => async () => {
    await container.get(UploadCleanupService).deleteUnclaimed();
  },
  /** Marks the part of a won auction sold (event `auctions.auction.won`); idempotent. */
  [MARK_SOLD_BY_AUCTION_TASK]: (container) => async (payload) => {
    const { payload: won } = parseOrThrow(auctionWonEvent, payload);
    await container.get(PartSaleService).markSold(won.partId);
  },
};

/** Every hour, at 17 minutes past. */
export const catalogCrontab = [`17 * * * * ${DELETE_UNCLAIMED_UPLOADS_TASK} ?max=1&jobKey=catalog-delete-unclaimed-uploads`];
