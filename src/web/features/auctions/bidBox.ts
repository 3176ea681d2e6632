import type { Auction } from './auction.types';
import { checkBidAmount, checkMaxBid, type DetailStatus } from './auctionRules';

/** Formats dollars for the bid box's texts ("$1,250.00"). */
export type FormatMoney = (dollars: number | string) => string;

/** What the bid box offers: a note to the auction's own seller, the bid form while it runs, else a notice. */
export type BidBoxMode = 'own' | 'bidding' | 'closed';

export function bidBoxMode(ownAuction: boolean, status: DetailStatus): BidBoxMode {
  if (ownAuction) return 'own';
  return status === 'Active' ? 'bidding' : 'closed';
}

/** Whether the signed-in user (if any) is the auction's seller. */
export function isOwnAuction(userId: string | null | undefined, auction: Pick<Auction, 'sellerId'>): boolean {
  return Boolean(userId && userId === auction.sellerId);
}

/** The headline amount: the current bid once there are bids, else the starting bid. */
export function headlinePrice(auction: Pick<Auction, 'totalBids' | 'currentBid' | 'startingBid'>): {
  label: 'Current bid' | 'Starting bid';
  amount: string;
} {
  return Number(auction.totalBids) > 0
    ? { label: 'Current bid', amount: auction.currentBid }
    : { label: 'Starting bid', amount: auction.startingBid };
}

export type BidPlan =
  | { ok: true; cents: number; input: { bidAmount: number; maxBidAmount?: number } }
  | { ok: false; title: 'Invalid Bid'; message: string };

/**
 * The bid to send from the form: an amount at or above the minimum next bid, and the proxy maximum
 * when the auction allows proxy bidding and one is filled in (it must be at or above the bid).
 */
export function planBid(
  form: { bidAmount: string; maxBid: string },
  minimumCents: number,
  allowProxy: boolean | undefined,
  money: FormatMoney,
): BidPlan {
  const bid = checkBidAmount(form.bidAmount, minimumCents, money);
  if (!bid.ok) return bid;
  const max = allowProxy === false ? null : checkMaxBid(form.maxBid, bid.cents, money);
  if (max && !max.ok) return max;
  return { ok: true, cents: bid.cents, input: { bidAmount: bid.cents / 100, ...(max ? { maxBidAmount: max.cents / 100 } : {}) } };
}

/** The `message` of a successful answer ("You are the highest bidder."), when the server sends one. */
export function serverMessage(answer: unknown): string | undefined {
  const message = answer && typeof answer === 'object' ? (answer as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** The "Bid Placed" toast's text: the server's message, else what was bid. */
export function bidPlacedMessage(answer: unknown, cents: number, money: FormatMoney): string {
  return serverMessage(answer) ?? `Your bid of ${money(cents / 100)} has been placed.`;
}

/** The "Purchase Successful" toast's text: the server's message, else what was bought for how much. */
export function purchaseMessage(answer: unknown, auction: Pick<Auction, 'title' | 'buyItNowPrice'>, money: FormatMoney): string {
  return serverMessage(answer) ?? `You bought "${auction.title}" for ${money(auction.buyItNowPrice ?? 0)}.`;
}

/** The watch button's text: Watching once watched, Adding... while the request runs, else Watch. */
export function watchButtonLabel(watching: boolean, pending: boolean): string {
  if (watching) return 'Watching';
  return pending ? 'Adding...' : 'Watch';
}
