import { z } from 'zod';
import { parseOrThrow } from '../../../platform/http/validate.js';
import { REVERSE_EVENTS } from '../../reverse/index.js';
import { about, noticeText, type NoticeSource } from './notice.js';

const noticesSent = z.object({
  notices: z.array(z.object({ reverseAuctionId: z.uuid(), userId: z.uuid(), type: z.string(), title: z.string(), message: z.string() })),
});

/** The notification type of a wanted request's notice (`new-request`, `new-quotes-{id}`, `outquoted-{seq}`, `awarded` ...). */
export function reverseNoticeType(type: string): string {
  if (type === 'new-request') return 'reverse_request_match';
  if (type.startsWith('new-quotes')) return 'reverse_new_quote';
  if (type.startsWith('outquoted')) return 'outquoted';
  if (type === 'awarded') return 'quote_accepted';
  if (type === 'not-awarded') return 'quote_not_accepted';
  if (type.startsWith('ends-')) return 'reverse_reminder';
  if (type === 'cancelled') return 'reverse_cancelled';
  if (type === 'closed' || type === 'ended') return 'reverse_ended';
  return 'reverse_auction';
}

/** `reverse.notices.sent`: the notices of wanted requests reverse just mailed, once per request, user and kind. */
export const reverseNotices: NoticeSource = {
  events: [REVERSE_EVENTS.noticesSent],
  notices(_event, raw) {
    return parseOrThrow(noticesSent, raw).notices.map((n) => ({
      userId: n.userId,
      notificationType: reverseNoticeType(n.type),
      key: `reverse:${n.reverseAuctionId}:${n.userId}:${n.type}`,
      title: n.title,
      message: noticeText(n.message),
      ...about('reverse_auction', n.reverseAuctionId, `/reverse-auctions/${n.reverseAuctionId}`),
    }));
  },
};
