import { describe, expect, it } from 'vitest';
import { autoAnswer, checkAction, checkCounterAmount, MAX_ROUNDS, mayAct, nextExpiry, OFFER_TTL_MS, type OfferState } from './offer.rules.js';

const now = new Date('2026-11-24T12:00:00Z');
const open = (over: Partial<OfferState> = {}): OfferState => ({
  kind: 'offer',
  status: 'open',
  turn: 'seller',
  rounds: 1,
  amountCents: 10_000,
  floorCents: null,
  expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
  ...over,
});

describe('offer rules', () => {
  it('lets only the side whose turn it is answer', () => {
    expect(mayAct(open(), 'seller', 'accept', now)).toBe(true);
    expect(mayAct(open(), 'buyer', 'accept', now)).toBe(false);
    expect(() => checkAction(open(), 'buyer', 'counter', now)).toThrow('waiting for the other side');
  });

  it('refuses a sixth round', () => {
    expect(mayAct(open({ rounds: MAX_ROUNDS - 1 }), 'seller', 'counter', now)).toBe(true);
    expect(() => checkAction(open({ rounds: MAX_ROUNDS }), 'seller', 'counter', now)).toThrow('limit of 5 rounds');
  });

  it('refuses answers after the expiry and on closed offers', () => {
    expect(() => checkAction(open({ expiresAt: now }), 'seller', 'accept', now)).toThrow('expired');
    expect(() => checkAction(open({ status: 'declined' }), 'seller', 'accept', now)).toThrow('no longer open');
  });

  it('keeps Second Chance offers to accept or decline', () => {
    const sc = open({ kind: 'second_chance', turn: 'buyer' });
    expect(mayAct(sc, 'buyer', 'accept', now)).toBe(true);
    expect(() => checkAction(sc, 'buyer', 'counter', now)).toThrow('only be accepted or declined');
  });

  it('lets either side propose in a fresh reserve window, at or above the high bid', () => {
    const w = open({ kind: 'reserve_offer', turn: 'either', rounds: 0, amountCents: null, floorCents: 50_000 });
    expect(mayAct(w, 'seller', 'counter', now)).toBe(true);
    expect(mayAct(w, 'buyer', 'counter', now)).toBe(true);
    expect(mayAct(w, 'seller', 'accept', now)).toBe(false);
    expect(() => checkCounterAmount(w, 49_999)).toThrow('at least the high bid of $500.00');
    expect(() => checkCounterAmount(w, 50_000)).not.toThrow();
  });

  it('restarts the 48 hours only for part offers', () => {
    expect(nextExpiry(open(), now).getTime()).toBe(now.getTime() + OFFER_TTL_MS);
    const fixed = new Date('2026-11-25T00:00:00Z');
    expect(nextExpiry({ kind: 'reserve_offer', expiresAt: fixed }, now)).toBe(fixed);
  });

  it('answers automatically at or above auto-accept and below auto-decline', () => {
    const prices = { autoAcceptCents: 20_000, autoDeclineCents: 10_000 };
    expect(autoAnswer(20_000, prices)).toBe('accept');
    expect(autoAnswer(9_999, prices)).toBe('decline');
    expect(autoAnswer(10_000, prices)).toBeNull();
    expect(autoAnswer(1, { autoAcceptCents: null, autoDeclineCents: null })).toBeNull();
  });
});
