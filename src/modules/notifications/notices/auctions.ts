import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { AUCTION_EVENTS } from '../../auctions/index.js';
import { about, noticeText, type NoticeSource } from './notice.js';

const noticesSent = z.object({
  notices: z.array(z.object({ auctionId: z.uuid(), userId: z.uuid(), type: z.string(), title: z.string(), message: z.string() })),
});

/** The notification type of an auction notice's mail type (`outbid-{seq}`, `result-winner`, `ends-1h` ...). */
export function auctionNoticeType(type: string): string {
  if (type.startsWith('outbid')) return 'outbid';
  if (type === 'result-winner') return 'auction_won';
  if (type === 'result-seller') return 'auction_result';
  if (type === 'result-lost') return 'auction_lost';
  if (type.startsWith('starts-') || type.startsWith('ends-')) return 'auction_reminder';
  if (type.startsWith('admin-')) return 'auction_closed';
  return 'auction';
}

/**
 * `auctions.notices.sent`: the notices auctions just mailed (results, outbid, reminders, admin closes), each in the
 * feed as its mail said it, once per auction, user and kind. An outbid sweep's event carries hundreds.
 */
export const auctionsNotices: NoticeSource = {
  events: [AUCTION_EVENTS.noticesSent],
  notices(_event, raw) {
    return parseOrThrow(noticesSent, raw).notices.map((n) => ({
      userId: n.userId,
      notificationType: auctionNoticeType(n.type),
      key: `auction:${n.auctionId}:${n.userId}:${n.type}`,
      title: n.title,
      message: noticeText(n.message),
      ...about('auction', n.auctionId, `/auctions/${n.auctionId}`),
    }));
  },
};
