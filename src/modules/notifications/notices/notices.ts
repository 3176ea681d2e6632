import type { Container } from 'inversify';
import { CatalogApi } from '../../catalog/index.js';
import { OrdersApi } from '../../payments/index.js';
import { auctionsNotices } from './auctions.js';
import { catalogNotices } from './catalog.js';
import type { Notice, NoticeLookups, NoticeSource } from './notice.js';
import { offersNotices } from './offers.js';
import { ordersNotices } from './orders.js';
import { returnsNotices } from './returns.js';
import { reverseNotices } from './reverse.js';
import { sellersNotices } from './sellers.js';

/** Where the centre's notices come from: one file per publishing module (notices/<module>.ts). */
const SOURCES: readonly NoticeSource[] = [
  catalogNotices,
  sellersNotices,
  auctionsNotices,
  reverseNotices,
  ordersNotices,
  returnsNotices,
  offersNotices,
];

const SOURCE_OF = new Map(SOURCES.flatMap((source) => source.events.map((event) => [event, source] as const)));

/** Every event the notification centre turns into notices. */
export const NOTIFIED_EVENTS: readonly string[] = [...SOURCE_OF.keys()];

/** The other modules' facts a notice names, through their public APIs. */
function lookups(container: Container): NoticeLookups {
  return {
    partTitle: async (partId) => (await container.get(CatalogApi).findParts([partId]))[0]?.title ?? null,
    // Through payments' OrdersApi: null without that module, or for an unknown order.
    orderPartTitle: async (orderId) => {
      if (!container.isBound(OrdersApi)) return null;
      return (await container.get(OrdersApi).findOrder(orderId))?.partTitle || null;
    },
    orderState: async (orderId) => {
      if (!container.isBound(OrdersApi)) return null;
      return (await container.get(OrdersApi).findOrder(orderId))?.state ?? null;
    },
  };
}

/** The notices of one event, or none (an event the centre does not notify about, or a part that is gone). */
export async function noticesOf(container: Container, event: string, payload: unknown): Promise<Notice[]> {
  const source = SOURCE_OF.get(event);
  return source ? source.notices(event, payload, lookups(container)) : [];
}
