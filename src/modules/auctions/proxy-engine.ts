/**
 * The proxy-bidding engine (eBay rules), pure: no clock, no database. All amounts are integer cents.
 *
 * Every bidder has one standing maximum (the highest they ever offered) and the sequence number of the bid
 * that set it. The leader is the highest maximum, the earlier one on a tie. The visible price is the
 * second-highest maximum plus one increment, capped at the leader's maximum, never below the starting bid,
 * lifted to the reserve as soon as the leader's maximum reaches it, and it never goes down.
 */

/** eBay's bid increments by price band: [band starts at (cents), increment (cents)], ascending. */
export const EBAY_INCREMENTS: readonly (readonly [number, number])[] = [
  [0, 5],
  [100, 25],
  [500, 50],
  [2500, 100],
  [10000, 250],
  [25000, 500],
  [50000, 1000],
  [100000, 2500],
  [250000, 5000],
  [500000, 10000],
];

/** The increment at `priceCents`: the auction's own when it has one (> 0), else eBay's table. */
export function incrementAt(priceCents: number, ownIncrementCents: number | null): number {
  if (ownIncrementCents && ownIncrementCents > 0) return ownIncrementCents;
  let inc = EBAY_INCREMENTS[0]![1];
  for (const [from, step] of EBAY_INCREMENTS) if (priceCents >= from) inc = step;
  return inc;
}

export interface StandingMax {
  bidderId: string;
  maxCents: number;
  /** Order of the bid that set this maximum (earlier wins ties). */
  seq: number;
}

export interface AuctionState {
  startingBidCents: number;
  /** The auction's own increment; 0 or null means eBay's table. */
  incrementCents: number | null;
  reserveCents: number | null;
  currentBidCents: number;
  /** Number of bids accepted so far (proxy bids included); 0 means no bid yet. */
  totalBids: number;
  /** Every bidder's standing maximum. */
  maxima: StandingMax[];
}

export interface NewBid {
  bidderId: string;
  bidCents: number;
  /** The proxy maximum; absent means the bid is its own maximum. */
  maxCents?: number | null;
  seq: number;
}

export interface BidRecord {
  bidderId: string;
  amountCents: number;
  /** The bidder's maximum as of this row (their bid itself when they gave no separate maximum). */
  maxCents: number;
  type: 'regular' | 'proxy';
}

export type BidOutcome =
  | {
      ok: true;
      state: AuctionState;
      leaderId: string;
      /** Rows to store, in order; the last row of the leader is the winning one. */
      records: BidRecord[];
      /** The previous leader, when the lead changed hands. */
      outbidId: string | null;
      /** The new bidder was immediately outbid by the leader's proxy. */
      outbidAtOnce: boolean;
      reserveMet: boolean;
    }
  | { ok: false; reason: 'below_minimum'; minimumCents: number }
  | { ok: false; reason: 'max_below_bid' }
  | { ok: false; reason: 'already_leading'; maxCents: number };

/** The least the next bid may be: the starting bid first, then the current bid plus one increment. */
export function minimumNextBid(state: Pick<AuctionState, 'startingBidCents' | 'incrementCents' | 'currentBidCents' | 'totalBids'>): number {
  if (state.totalBids === 0) return state.startingBidCents;
  return state.currentBidCents + incrementAt(state.currentBidCents, state.incrementCents);
}

/** Leader first: highest maximum, earliest sequence on a tie. */
export function rankMaxima(maxima: StandingMax[]): StandingMax[] {
  return [...maxima].sort((a, b) => b.maxCents - a.maxCents || a.seq - b.seq);
}

/** The price the maxima call for, before the never-down rule and the new bid's floor. */
export function priceFor(
  maxima: StandingMax[],
  auction: Pick<AuctionState, 'startingBidCents' | 'incrementCents' | 'reserveCents'>,
): number {
  const [leader, second] = rankMaxima(maxima);
  if (!leader) return 0;
  let price = second
    ? Math.min(leader.maxCents, second.maxCents + incrementAt(second.maxCents, auction.incrementCents))
    : auction.startingBidCents;
  price = Math.max(price, auction.startingBidCents);
  if (auction.reserveCents !== null && leader.maxCents >= auction.reserveCents) price = Math.max(price, auction.reserveCents);
  return Math.min(price, leader.maxCents);
}

/** Applies one bid to the auction state. */
export function placeBid(state: AuctionState, bid: NewBid): BidOutcome {
  const minimumCents = minimumNextBid(state);
  const maxCents = bid.maxCents ?? bid.bidCents;
  if (maxCents < bid.bidCents) return { ok: false, reason: 'max_below_bid' };
  if (bid.bidCents < minimumCents) return { ok: false, reason: 'below_minimum', minimumCents };

  const before = rankMaxima(state.maxima);
  const oldLeader = before[0] ?? null;
  const own = state.maxima.find((m) => m.bidderId === bid.bidderId);
  if (oldLeader && oldLeader.bidderId === bid.bidderId && maxCents <= oldLeader.maxCents) {
    return { ok: false, reason: 'already_leading', maxCents: oldLeader.maxCents };
  }
  const standing: StandingMax =
    own && own.maxCents >= maxCents ? own : { bidderId: bid.bidderId, maxCents, seq: bid.seq };
  const maxima = [...state.maxima.filter((m) => m.bidderId !== bid.bidderId), standing];
  const [leader] = rankMaxima(maxima);

  const leaderChanged = !oldLeader || oldLeader.bidderId !== leader!.bidderId;
  let price = Math.max(priceFor(maxima, state), state.currentBidCents);
  // A new leader's explicit bid is a floor; a leader raising their own maximum does not raise the price.
  if (leaderChanged && leader!.bidderId === bid.bidderId) price = Math.max(price, bid.bidCents);
  price = Math.min(price, leader!.maxCents);

  const records: BidRecord[] = [];
  if (leader!.bidderId === bid.bidderId) {
    // The old leader's proxy bid up to their maximum before losing the lead.
    if (oldLeader && leaderChanged && oldLeader.maxCents > state.currentBidCents) {
      records.push({ bidderId: oldLeader.bidderId, amountCents: oldLeader.maxCents, maxCents: oldLeader.maxCents, type: 'proxy' });
    }
    records.push({ bidderId: bid.bidderId, amountCents: price, maxCents, type: 'regular' });
  } else {
    // The new bid stands at its maximum and the leader's proxy answers it.
    records.push({ bidderId: bid.bidderId, amountCents: maxCents, maxCents, type: 'regular' });
    records.push({ bidderId: leader!.bidderId, amountCents: price, maxCents: leader!.maxCents, type: 'proxy' });
  }

  return {
    ok: true,
    state: { ...state, maxima, currentBidCents: price, totalBids: state.totalBids + records.length },
    leaderId: leader!.bidderId,
    records,
    outbidId: leaderChanged && oldLeader ? oldLeader.bidderId : null,
    outbidAtOnce: leader!.bidderId !== bid.bidderId,
    reserveMet: state.reserveCents === null || price >= state.reserveCents,
  };
}
