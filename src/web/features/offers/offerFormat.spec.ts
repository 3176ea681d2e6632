import { describe, expect, it } from 'vitest';
import { amountError, amountValue, cancelText, counterLabel, timeLeft, waitingText } from './offerFormat';

describe('offer texts', () => {
  it('says whose move it is', () => {
    expect(waitingText({ status: 'open', turn: 'seller', yourSide: 'buyer', kind: 'offer' })).toBe('Waiting for the seller');
    expect(waitingText({ status: 'open', turn: 'seller', yourSide: 'seller', kind: 'offer' })).toBe('Waiting for your answer');
    expect(waitingText({ status: 'open', turn: 'either', yourSide: 'seller', kind: 'reserve_offer' })).toBe('Make the high bidder an offer');
    expect(waitingText({ status: 'accepted', turn: 'seller', yourSide: 'buyer', kind: 'offer' })).toBeNull();
  });

  it('says why the order of an accepted offer was cancelled, to each side', () => {
    expect(cancelText({ status: 'cancelled', cancelReason: 'unpaid', yourSide: 'buyer' })).toBe('The order was cancelled because it was not paid in time.');
    expect(cancelText({ status: 'cancelled', cancelReason: 'unpaid', yourSide: 'seller' })).toBe('The order was cancelled because the buyer did not pay in time.');
    expect(cancelText({ status: 'cancelled', cancelReason: 'buyer', yourSide: 'buyer' })).toBe('You cancelled the order.');
    expect(cancelText({ status: 'cancelled', cancelReason: 'seller', yourSide: 'buyer' })).toBe('The seller cancelled the order.');
    expect(cancelText({ status: 'cancelled', cancelReason: null, yourSide: null })).toBe('The order was cancelled.');
    expect(cancelText({ status: 'accepted', cancelReason: null, yourSide: 'buyer' })).toBeNull();
  });

  it('names the counter by who makes it', () => {
    expect(counterLabel({ status: 'open', turn: 'either', yourSide: 'seller', kind: 'reserve_offer' })).toBe('Offer to high bidder');
    expect(counterLabel({ status: 'open', turn: 'either', yourSide: 'buyer', kind: 'reserve_offer' })).toBe('Raise');
    expect(counterLabel({ status: 'open', turn: 'buyer', yourSide: 'buyer', kind: 'offer' })).toBe('Counter');
  });

  it('checks the amount field', () => {
    expect(amountError('')).toBe('Amount is required');
    expect(amountError('12.345')).toBe('Enter an amount in dollars, e.g. 1250 or 1250.50');
    expect(amountError('0')).toBe('Must be more than 0');
    expect(amountError('149', '150.00')).toBe('The amount must be at least the high bid of $150.00');
    expect(amountError('$1,250.50')).toBeNull();
    expect(amountValue(' $1,250.50 ')).toBe('1250.50');
  });

  it('tells the time left', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(timeLeft('2026-11-26T12:00:00Z', now)).toBe('2 days left');
    expect(timeLeft('2026-11-25T16:00:00Z', now)).toBe('1 day 4 hours left');
    expect(timeLeft('2026-11-24T12:35:00Z', now)).toBe('35 minutes left');
    expect(timeLeft('2026-11-24T11:00:00Z', now)).toBe('Expired');
  });
});
