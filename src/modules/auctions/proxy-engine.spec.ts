import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { incrementAt, minimumNextBid, placeBid, type AuctionState, type BidRecord, type NewBid } from './proxy-engine.js';

const auction = (overrides: Partial<AuctionState> = {}): AuctionState => ({
  startingBidCents: 10000,
  incrementCents: 1000,
  reserveCents: null,
  currentBidCents: 0,
  totalBids: 0,
  maxima: [],
  ...overrides,
});

function run(state: AuctionState, bids: Omit<NewBid, 'seq'>[]) {
  let s = state;
  const outcomes = [];
  for (const [i, bid] of bids.entries()) {
    const outcome = placeBid(s, { ...bid, seq: i + 1 });
    outcomes.push(outcome);
    if (outcome.ok) s = outcome.state;
  }
  return { state: s, outcomes };
}

describe('increments', () => {
  it('uses the auction increment when it has one and eBay bands otherwise', () => {
    expect(incrementAt(12345, 1000)).toBe(1000);
    expect(incrementAt(50, 0)).toBe(5);
    expect(incrementAt(100, null)).toBe(25);
    expect(incrementAt(2499, 0)).toBe(50);
    expect(incrementAt(9999, 0)).toBe(100);
    expect(incrementAt(10000, 0)).toBe(250);
    expect(incrementAt(600000, 0)).toBe(10000);
  });

  it('asks for the starting bid first and the current bid plus one increment after', () => {
    expect(minimumNextBid(auction())).toBe(10000);
    expect(minimumNextBid(auction({ currentBidCents: 10000, totalBids: 1 }))).toBe(11000);
  });
});

describe('proxy bidding examples', () => {
  it('refuses a bid below the minimum and a maximum below the bid', () => {
    expect(placeBid(auction(), { bidderId: 'a', bidCents: 9999, seq: 1 })).toEqual({
      ok: false,
      reason: 'below_minimum',
      minimumCents: 10000,
    });
    expect(placeBid(auction(), { bidderId: 'a', bidCents: 10000, maxCents: 9000, seq: 1 })).toEqual({
      ok: false,
      reason: 'max_below_bid',
    });
  });

  it('bids for the leader only as much as needed to stay ahead', () => {
    const { state, outcomes } = run(auction(), [
      { bidderId: 'a', bidCents: 10000, maxCents: 30000 },
      { bidderId: 'b', bidCents: 11000 },
    ]);
    expect(state.currentBidCents).toBe(12000);
    const last = outcomes[1]!;
    expect(last.ok && last.leaderId).toBe('a');
    expect(last.ok && last.outbidAtOnce).toBe(true);
    expect(last.ok && last.records).toEqual([
      { bidderId: 'b', amountCents: 11000, maxCents: 11000, type: 'regular' },
      { bidderId: 'a', amountCents: 12000, maxCents: 30000, type: 'proxy' },
    ]);
  });

  it('gives equal maximums to the earlier bidder at that amount', () => {
    const { state, outcomes } = run(auction(), [
      { bidderId: 'a', bidCents: 10000, maxCents: 20000 },
      { bidderId: 'b', bidCents: 11000, maxCents: 20000 },
    ]);
    expect(state.currentBidCents).toBe(20000);
    expect(outcomes[1]!.ok && outcomes[1]!.leaderId).toBe('a');
  });

  it('caps the price at the leader maximum and hands the lead over to a higher maximum', () => {
    const { state, outcomes } = run(auction(), [
      { bidderId: 'a', bidCents: 10000, maxCents: 15500 },
      { bidderId: 'b', bidCents: 11000, maxCents: 40000 },
    ]);
    expect(state.currentBidCents).toBe(16500);
    const last = outcomes[1]!;
    expect(last.ok && last.leaderId).toBe('b');
    expect(last.ok && last.outbidId).toBe('a');
    expect(last.ok && last.records.map((r) => [r.bidderId, r.amountCents])).toEqual([
      ['a', 15500],
      ['b', 16500],
    ]);
  });

  it('lifts the price straight to the reserve when the first maximum reaches it', () => {
    const { state, outcomes } = run(auction({ reserveCents: 25000 }), [
      { bidderId: 'a', bidCents: 10000, maxCents: 20000 },
      { bidderId: 'b', bidCents: 11000, maxCents: 30000 },
    ]);
    expect(outcomes[0]!.ok && outcomes[0]!.reserveMet).toBe(false);
    expect(state.currentBidCents).toBe(25000);
    expect(outcomes[1]!.ok && outcomes[1]!.reserveMet).toBe(true);
  });

  it("keeps a leader's raised maximum given as a plain bid, without raising the price", () => {
    const { state, outcomes } = run(auction(), [
      { bidderId: 'a', bidCents: 10000, maxCents: 20000 },
      { bidderId: 'b', bidCents: 11000 },
      { bidderId: 'a', bidCents: 30000 },
    ]);
    expect(state.currentBidCents).toBe(12000);
    const last = outcomes[2]!;
    expect(last.ok && last.records).toEqual([{ bidderId: 'a', amountCents: 12000, maxCents: 30000, type: 'regular' }]);
  });

  it('does not raise the price when the leader raises their own maximum', () => {
    const { state, outcomes } = run(auction(), [
      { bidderId: 'a', bidCents: 10000, maxCents: 20000 },
      { bidderId: 'b', bidCents: 11000 },
      { bidderId: 'a', bidCents: 13000, maxCents: 50000 },
      { bidderId: 'a', bidCents: 13000, maxCents: 40000 },
    ]);
    expect(state.currentBidCents).toBe(12000);
    expect(state.maxima.find((m) => m.bidderId === 'a')!.maxCents).toBe(50000);
    expect(outcomes[3]).toEqual({ ok: false, reason: 'already_leading', maxCents: 50000 });
  });
});

/** The reference: the winner and price computed from scratch from every bidder's highest maximum. */
function reference(start: number, reserve: number | null, inc: number | null, bids: { bidderId: string; max: number }[]) {
  const best = new Map<string, { max: number; seq: number }>();
  bids.forEach((b, seq) => {
    const old = best.get(b.bidderId);
    if (!old || b.max > old.max) best.set(b.bidderId, { max: b.max, seq });
  });
  const ranked = [...best.entries()].sort((x, y) => y[1].max - x[1].max || x[1].seq - y[1].seq);
  if (!ranked.length) return { winner: null, price: 0 };
  const [winner, lead] = ranked[0]!;
  const second = ranked[1]?.[1];
  let price = second ? Math.min(lead.max, second.max + incrementAt(second.max, inc)) : start;
  price = Math.max(price, start);
  if (reserve !== null && lead.max >= reserve) price = Math.max(price, reserve);
  return { winner, price: Math.min(price, lead.max) };
}

describe('proxy engine properties', () => {
  const scenario = fc.record({
    start: fc.integer({ min: 1, max: 100000 }),
    inc: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 5000 })),
    reserveExtra: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 200000 })),
    bids: fc.array(fc.record({ bidder: fc.integer({ min: 0, max: 5 }), extra: fc.integer({ min: 0, max: 100000 }) }), {
      maxLength: 30,
    }),
  });

  it('matches the reference model: winner, visible price and bid counts', () => {
    fc.assert(
      fc.property(scenario, ({ start, inc, reserveExtra, bids }) => {
        const reserve = reserveExtra === null ? null : start + reserveExtra;
        let state = auction({ startingBidCents: start, incrementCents: inc, reserveCents: reserve });
        const accepted: { bidderId: string; max: number }[] = [];
        let rows = 0;
        let lastLeaderRow: string | null = null;
        const stored: BidRecord[] = [];
        bids.forEach((b, i) => {
          const bidderId = `u${b.bidder}`;
          const bidCents = minimumNextBid(state);
          const outcome = placeBid(state, { bidderId, bidCents, maxCents: bidCents + b.extra, seq: i + 1 });
          if (!outcome.ok) {
            expect(outcome.reason).toBe('already_leading');
            return;
          }
          const before = state.currentBidCents;
          state = outcome.state;
          accepted.push({ bidderId, max: bidCents + b.extra });
          rows += outcome.records.length;
          expect(state.currentBidCents).toBeGreaterThanOrEqual(before);
          for (const r of outcome.records) {
            const own = state.maxima.find((m) => m.bidderId === r.bidderId)!;
            expect(r.amountCents).toBeLessThanOrEqual(own.maxCents);
            expect(r.amountCents).toBeLessThanOrEqual(state.currentBidCents);
          }
          const last = outcome.records.at(-1)!;
          expect(last.bidderId).toBe(outcome.leaderId);
          expect(last.amountCents).toBe(state.currentBidCents);
          lastLeaderRow = outcome.leaderId;
          // The service rebuilds the maxima from the stored rows: that must give the engine's maxima back.
          stored.push(...outcome.records);
          const rebuilt = new Map<string, number>();
          for (const r of stored) rebuilt.set(r.bidderId, Math.max(rebuilt.get(r.bidderId) ?? 0, r.maxCents));
          expect(Object.fromEntries(rebuilt)).toEqual(Object.fromEntries(state.maxima.map((m) => [m.bidderId, m.maxCents])));
        });
        const ref = reference(start, reserve, inc, accepted);
        expect(lastLeaderRow).toBe(ref.winner);
        expect(state.currentBidCents).toBe(ref.price);
        expect(state.totalBids).toBe(rows);
        expect(rows).toBeGreaterThanOrEqual(accepted.length);
      }),
      { numRuns: 500 },
    );
  });

  it('never charges a leader above their maximum and never lowers the price, whatever the bid amounts', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 30, maxLength: 30 }),
        ({ start, inc, reserveExtra, bids }, overs) => {
          const reserve = reserveExtra === null ? null : start + reserveExtra;
          let state = auction({ startingBidCents: start, incrementCents: inc, reserveCents: reserve });
          const accepted: { bidderId: string; max: number }[] = [];
          bids.forEach((b, i) => {
            const bidderId = `u${b.bidder}`;
            const bidCents = minimumNextBid(state) + overs[i]!;
            const outcome = placeBid(state, { bidderId, bidCents, maxCents: bidCents + b.extra, seq: i + 1 });
            if (!outcome.ok) return;
            expect(outcome.state.currentBidCents).toBeGreaterThanOrEqual(state.currentBidCents);
            state = outcome.state;
            accepted.push({ bidderId, max: bidCents + b.extra });
            const leader = state.maxima.find((m) => m.bidderId === outcome.leaderId)!;
            expect(state.currentBidCents).toBeLessThanOrEqual(leader.maxCents);
            expect(state.currentBidCents).toBeGreaterThanOrEqual(start);
            expect(outcome.reserveMet).toBe(reserve === null || state.currentBidCents >= reserve);
          });
          if (accepted.length) expect(reference(start, reserve, inc, accepted).winner).toBeDefined();
          const ref = reference(start, reserve, inc, accepted);
          const leader = [...state.maxima].sort((x, y) => y.maxCents - x.maxCents || x.seq - y.seq)[0];
          expect(leader?.bidderId ?? null).toBe(ref.winner);
        },
      ),
      { numRuns: 300 },
    );
  });
});
