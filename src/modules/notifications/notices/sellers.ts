import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { SELLER_EVENTS } from '../../sellers/index.js';
import type { NoticeSource } from './notice.js';

const sellerApproved = z.object({ userId: z.uuid(), slug: z.string() });
const sellerRejected = z.object({ userId: z.uuid(), rejectionReason: z.string() });

/** A seller application's decision: to its applicant. */
export const sellersNotices: NoticeSource = {
  events: [SELLER_EVENTS.sellerApproved, SELLER_EVENTS.sellerRejected],
  notices(event, raw) {
    if (event === SELLER_EVENTS.sellerApproved) {
      const p = parseOrThrow(sellerApproved, raw);
      return [{
        userId: p.userId,
        notificationType: 'seller_approved',
        title: 'Seller application approved',
        message: 'Welcome aboard: you can now list parts and run auctions.',
        relatedItemType: 'seller',
        link: '/seller-dashboard',
      }];
    }
    if (event === SELLER_EVENTS.sellerRejected) {
      const p = parseOrThrow(sellerRejected, raw);
      return [{
        userId: p.userId,
        notificationType: 'seller_rejected',
        title: 'Seller application not approved',
        message: p.rejectionReason,
        relatedItemType: 'seller',
        link: '/register-seller',
      }];
    }
    return [];
  },
};
