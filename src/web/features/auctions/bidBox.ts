import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { checkBidAmount, checkMaxBid, toCents, type DetailStatus } from './auctionRules';
import type { BidInput } from '../../../modules/auctions/auctions.inputs';

/** Formats dollars for the bid box's texts ("$1,250.00"). */
export type FormatMoney = (dollars: number | string) => string;

/** What the bid box offers: a note to the auction's own seller, the bid form while it runs, else a notice. */
export type BidBoxMode = 'own' | 'bidding' | 'closed';

export function bidBoxMode(ownAuction: boolean, status: DetailStatus): BidBoxMode {
  if (ownAuction) return 'own';
  return status === 'Active' ? 'bidding' : 'closed';
}

/** Whether the signed-in user (if any) is the auction's seller. */
export function isOwnAuction(userId: string | null | undefined, auction: Pick<AuctionDto, 'sellerId'>): boolean {
  return Boolean(userId && userId === auction.sellerId);
}

export type BidPlan =
  | { ok: true; cents: number; input: BidInput }
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

/**
 * Where the signed-in bidder stands while the auction runs: leading (their maximum is shown to them alone),
 * outbid (their maximum was beaten), or not bidding yet (signed out, or no bid here).
 */
export type BidStanding = { kind: 'leading'; maxBid: string } | { kind: 'outbid'; maxBid: string } | { kind: 'none' };

export function bidStanding(auction: Pick<AuctionDto, 'myBid'>): BidStanding {
  const mine = auction.myBid;
  if (!mine) return { kind: 'none' };
  return { kind: mine.isLeading ? 'leading' : 'outbid', maxBid: mine.maxBid };
}

/**
 * The leader is never offered a bid against themselves: they get "Raise your maximum" (which keeps the
 * current bid where it is), everyone else the bid form.
 */
export function bidFormKind(standing: BidStanding): { form: 'raise'; currentMax: string } | { form: 'bid' } {
  return standing.kind === 'leading' ? { form: 'raise', currentMax: standing.maxBid } : { form: 'bid' };
}

/**
 * The leader's new maximum: more than their present one and at least the minimum next bid (the server
 * refuses a leader who does not raise their maximum, and any bid below the minimum). It is sent as a plain
 * bid: the server keeps it as the leader's maximum and does not raise the current bid for it.
 */
export function planRaise(input: string, currentMax: string, minimumCents: number, money: FormatMoney): BidPlan {
  const maxCents = toCents(currentMax) ?? 0;
  const text = input.trim();
  const n = text === '' ? Number.NaN : Number(text);
  const cents = Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
  if (!Number.isFinite(cents) || cents <= maxCents) {
    return { ok: false, title: 'Invalid Bid', message: `Your new maximum must be more than ${money(maxCents / 100)}` };
  }
  if (cents < minimumCents) return { ok: false, title: 'Invalid Bid', message: `Minimum bid is ${money(minimumCents / 100)}` };
  return { ok: true, cents, input: { bidAmount: cents / 100 } };
}

/** The toast after a raise: the new maximum and the current bid as the server answered it. */
export function raisedMessage(answer: unknown, cents: number, money: FormatMoney): string {
  const current = answer && typeof answer === 'object' ? (answer as { currentBid?: unknown }).currentBid : undefined;
  const mine = `Your maximum is now ${money(cents / 100)}.`;
  return typeof current === 'string' || typeof current === 'number' ? `${mine} The current bid is ${money(current)}.` : mine;
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
export function purchaseMessage(answer: unknown, auction: Pick<AuctionDto, 'title' | 'buyItNowPrice'>, money: FormatMoney): string {
  return serverMessage(answer) ?? `You bought "${auction.title}" for ${money(auction.buyItNowPrice ?? 0)}.`;
}

/** The watch button's text: Watching once watched, Adding... while the request runs, else Watch. */
export function watchButtonLabel(watching: boolean, pending: boolean): string {
  if (watching) return 'Watching';
  return pending ? 'Adding...' : 'Watch';
}
