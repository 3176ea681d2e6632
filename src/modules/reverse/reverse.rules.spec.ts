import { describe, expect, it } from 'vitest';
import { awardDeadline, displayStatus, maskName, maximumQuote, peopleTime, relistBudget, AWARD_WINDOW_MS } from './reverse.rules.js';

describe('maximumQuote', () => {
  it('is the maximum budget before any quote', () => {
    expect(maximumQuote({ maxBudget: 50000, currentLowestBid: null, minBidDecrement: 1000 })).toBe(50000);
  });
  it('is the lowest quote minus the decrement once there is one', () => {
    expect(maximumQuote({ maxBudget: 50000, currentLowestBid: 40000, minBidDecrement: 1000 })).toBe(39000);
  });
  it('never exceeds the budget', () => {
    expect(maximumQuote({ maxBudget: 30000, currentLowestBid: 40000, minBidDecrement: 1000 })).toBe(30000);
  });
  it('is null when no quote can go lower', () => {
    expect(maximumQuote({ maxBudget: 50000, currentLowestBid: 1000, minBidDecrement: 1000 })).toBeNull();
  });
});

describe('relistBudget', () => {
  it('raises the budget by the percentage, rounded down to the cent', () => {
    expect(relistBudget(10000, 12.5)).toBe(11250);
    expect(relistBudget(999, 10)).toBe(1098);
    expect(relistBudget(10000, 0)).toBe(10000);
  });
});

describe('awardDeadline', () => {
  it('is seven days after the end, and none before it', () => {
    const end = new Date('2026-03-01T00:00:00Z');
    expect(awardDeadline(end)!.getTime() - end.getTime()).toBe(AWARD_WINDOW_MS);
    expect(awardDeadline(null)).toBeNull();
  });
});

describe('maskName', () => {
  it('keeps the first and last letter', () => {
    expect(maskName('jason')).toBe('j***n');
    expect(maskName('al')).toBe('a***');
  });
});

describe('displayStatus', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const endsIn = (ms: number) => new Date(now.getTime() + ms);
  it('shows the spec statuses only: a scheduled request is Active, a cancelled one Ended', () => {
    expect(displayStatus({ status: 'scheduled', endTime: endsIn(5 * 3600_000) }, now)).toBe('Active');
    expect(displayStatus({ status: 'active', endTime: endsIn(5 * 3600_000) }, now)).toBe('Active');
    expect(displayStatus({ status: 'cancelled', endTime: endsIn(5 * 3600_000) }, now)).toBe('Ended');
    expect(displayStatus({ status: 'ended', endTime: endsIn(5 * 3600_000) }, now)).toBe('Ended');
    expect(displayStatus({ status: 'active', endTime: endsIn(0) }, now)).toBe('Ended');
    expect(displayStatus({ status: 'pending', endTime: endsIn(5 * 3600_000) }, now)).toBe('Pending');
    expect(displayStatus({ status: 'active', endTime: endsIn(59 * 60_000) }, now)).toBe('Ending Soon');
    expect(displayStatus({ status: 'scheduled', endTime: endsIn(59 * 60_000) }, now)).toBe('Ending Soon');
  });
});

describe('peopleTime', () => {
  it('writes a moment for people, in UTC', () => {
    expect(peopleTime(new Date('2026-11-27T23:11:01.273Z'))).toBe('Nov 27, 2026, 11:11 PM UTC');
  });
});
