import { describe, expect, it } from 'vitest';
import { reverseCancelState, reverseResultText, reverseStatusText } from './reverseFormat';

describe('reverseResultText', () => {
  it('names the outcome of a closed request and a dash for an open one', () => {
    expect(reverseResultText({ status: 'active', awardStatus: null, totalBids: 2, winningBidId: null })).toBe('—');
    expect(reverseResultText({ status: 'ended', awardStatus: null, totalBids: 2, winningBidId: null })).toBe('Awaiting award');
    expect(reverseResultText({ status: 'ended', awardStatus: 'awarded', totalBids: 2, winningBidId: 'b' })).toBe('Awarded');
    expect(reverseResultText({ status: 'ended', awardStatus: 'unawarded', totalBids: 2, winningBidId: null })).toBe('Closed unawarded');
    expect(reverseResultText({ status: 'ended', awardStatus: 'unawarded', totalBids: 0, winningBidId: null })).toBe('No quotes');
    expect(reverseResultText({ status: 'cancelled', awardStatus: null, totalBids: 0, winningBidId: null })).toBe('Cancelled');
  });
});

describe('reverseCancelState', () => {
  it('allows cancelling an open request without quotes only, and says why not when quotes exist', () => {
    expect(reverseCancelState({ status: 'active', totalBids: 0 })).toEqual({ allowed: true, why: null });
    expect(reverseCancelState({ status: 'scheduled', totalBids: 0 }).allowed).toBe(true);
    expect(reverseCancelState({ status: 'active', totalBids: 1 }).allowed).toBe(false);
    expect(reverseCancelState({ status: 'active', totalBids: 1 }).why).toMatch(/quoted/);
    expect(reverseCancelState({ status: 'ended', totalBids: 0 })).toEqual({ allowed: false, why: null });
  });
});

describe('reverseStatusText', () => {
  it('capitalises known statuses and passes others through', () => {
    expect(reverseStatusText('scheduled')).toBe('Scheduled');
    expect(reverseStatusText('weird')).toBe('weird');
  });
});
