import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { CATALOG_EVENTS } from '../../catalog/index.js';
import { about, type NoticeSource } from './notice.js';

const partApproved = z.object({ partId: z.uuid(), sellerId: z.uuid(), approvedBy: z.uuid().nullable() });
const partBackOnSale = z.object({ partId: z.uuid(), sellerId: z.uuid(), orderId: z.uuid() });
const partRejected = z.object({ partId: z.uuid(), sellerId: z.uuid(), rejectionReason: z.string() });

/** The catalog's listing decisions, and a part back on sale (after a cancelled order or a return): to its seller. */
export const catalogNotices: NoticeSource = {
  events: [CATALOG_EVENTS.partApproved, CATALOG_EVENTS.partRejected, CATALOG_EVENTS.partBackOnSale],
  async notices(event, raw, { partTitle, orderState }) {
    switch (event) {
      case CATALOG_EVENTS.partApproved: {
        const p = parseOrThrow(partApproved, raw);
        // A trusted seller's listing goes live at once (approvedBy null): the seller needs no notice of that.
        if (!p.approvedBy) return [];
        const title = await partTitle(p.partId);
        if (!title) return [];
        return [{ userId: p.sellerId, notificationType: 'part_approved', title: 'Listing approved', message: `"${title}" is now live.`, ...about('part', p.partId, `/parts/${p.partId}`) }];
      }
      case CATALOG_EVENTS.partBackOnSale: {
        const p = parseOrThrow(partBackOnSale, raw);
        const title = (await partTitle(p.partId)) ?? 'Your part';
        // A cancelled order's part, or one that came back in a return and that the seller put on sale again.
        const state = await orderState(p.orderId);
        const returned = state !== null && ['delivered', 'completed', 'refunded', 'partially_refunded'].includes(state);
        return [{
          userId: p.sellerId,
          notificationType: 'part_back_on_sale',
          key: `part_back_on_sale:${p.orderId}`,
          title: 'Your part is back on sale',
          message: returned
            ? `"${title}" came back in a return and is listed for sale again.`
            : `The order for "${title}" was cancelled before it shipped, so the part is listed for sale again.`,
          ...about('part', p.partId, `/parts/${p.partId}`),
        }];
      }
      case CATALOG_EVENTS.partRejected: {
        const p = parseOrThrow(partRejected, raw);
        const title = (await partTitle(p.partId)) ?? 'Your listing';
        return [{
          userId: p.sellerId,
          notificationType: 'part_rejected',
          title: 'Listing not approved',
          message: `"${title}" was not approved: ${p.rejectionReason}`,
          ...about('part', p.partId, `/my-listings/${p.partId}/edit`),
        }];
      }
      default:
        return [];
    }
  },
};
