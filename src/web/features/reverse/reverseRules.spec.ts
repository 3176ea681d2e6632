import { describe, expect, it } from 'vitest';
import { buyerName, displayStatus, memberSince, postedAgo, quoteImages, requestEndLine, requestTimeLeft, stateNote, timeLeft } from './reverseRules';

const now = Date.parse('2026-03-01T12:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();

describe('displayStatus', () => {
  it('follows spec 000: ended, pending, ending soon under an hour, else active', () => {
    expect(displayStatus({ status: 'ended', endTime: inMs(3600_000) }, now)).toBe('Ended');
    expect(displayStatus({ status: 'active', endTime: inMs(-1) }, now)).toBe('Ended');
    expect(displayStatus({ status: 'pending', endTime: inMs(7200_000) }, now)).toBe('Pending');
    expect(displayStatus({ status: 'active', endTime: inMs(59 * 60_000) }, now)).toBe('Ending Soon');
    expect(displayStatus({ status: 'active', endTime: inMs(2 * 3600_000) }, now)).toBe('Active');
  });

  it('never shows Scheduled or Cancelled on the badge: a scheduled request is Active, a cancelled one Ended', () => {
    expect(displayStatus({ status: 'scheduled', endTime: inMs(5 * 3600_000) }, now)).toBe('Active');
    expect(displayStatus({ status: 'scheduled', endTime: inMs(30 * 60_000) }, now)).toBe('Ending Soon');
    expect(displayStatus({ status: 'cancelled', endTime: inMs(5 * 3600_000) }, now)).toBe('Ended');
  });
});

describe('stateNote', () => {
  it('tells the finer state on a secondary line: when quotes open, or a cancellation', () => {
    expect(stateNote({ status: 'scheduled', startTime: inMs(3600_000) }, now)).toMatch(/^Quotes open /);
    expect(stateNote({ status: 'scheduled', startTime: inMs(-1) }, now)).toBeNull();
    expect(stateNote({ status: 'cancelled', startTime: inMs(-1) }, now)).toBe('Cancelled');
    expect(stateNote({ status: 'active', startTime: inMs(-1) }, now)).toBeNull();
  });
});

describe('timeLeft', () => {
  it('shows hours and minutes, red under 24 hours', () => {
    expect(timeLeft(inMs(5 * 3600_000 + 12 * 60_000), now)).toEqual({ text: '5h 12m', urgent: true, final: false });
    expect(timeLeft(inMs(50 * 3600_000), now)).toEqual({ text: '2d 2h', urgent: false, final: false });
    expect(timeLeft(inMs(-5), now).text).toBe('Ended');
  });
  it('shows minutes and seconds under an hour, the final hour', () => {
    expect(timeLeft(inMs(59 * 60_000 + 30_000), now)).toEqual({ text: '59m 30s', urgent: true, final: true });
    expect(timeLeft(inMs(45_000), now)).toEqual({ text: '45s', urgent: true, final: true });
    expect(timeLeft(inMs(3600_000), now)).toEqual({ text: '1h 0m', urgent: true, final: false });
  });
});

describe('a request ended early (issue 34)', () => {
  const week = 7 * 24 * 3600_000;
  it('shows no time remaining once ended or awarded, even before its end time', () => {
    expect(requestTimeLeft({ status: 'ended', awardStatus: 'awarded', endTime: inMs(week) }, now)).toEqual({ text: 'Ended', urgent: false, final: false });
    expect(requestTimeLeft({ status: 'ended', awardStatus: null, endTime: inMs(week) }, now).text).toBe('Ended');
    expect(requestTimeLeft({ status: 'cancelled', awardStatus: null, endTime: inMs(week) }, now).text).toBe('Cancelled');
    expect(requestTimeLeft({ status: 'active', awardStatus: null, endTime: inMs(50 * 3600_000) }, now).text).toBe('2d 2h');
  });
  it('says when it ended rather than when it would have', () => {
    expect(requestEndLine({ status: 'ended', endTime: inMs(week), endedAt: inMs(-60_000) })).toEqual({ label: 'Ended', at: inMs(-60_000) });
    expect(requestEndLine({ status: 'active', endTime: inMs(week), endedAt: null })).toEqual({ label: 'Ends', at: inMs(week) });
    expect(requestEndLine({ status: 'cancelled', endTime: inMs(week), endedAt: null })).toBeNull();
  });
});

describe('buyer information', () => {
  it('names the buyer by full name, else username, else Anonymous Buyer', () => {
    expect(buyerName({ firstName: 'Wanda', lastName: 'Smith', username: 'w' })).toBe('Wanda Smith');
    expect(buyerName({ firstName: '', lastName: '', username: 'wanda' })).toBe('wanda');
    expect(buyerName(undefined)).toBe('Anonymous Buyer');
    expect(memberSince('2024-05-01T00:00:00Z')).toBe('2024');
    expect(memberSince(undefined)).toBe('Recently');
  });
  it('says how long ago a request was posted', () => {
    expect(postedAgo(inMs(-3 * 3600_000), now)).toBe('3 hours ago');
    expect(postedAgo(inMs(-30_000), now)).toBe('just now');
  });
});

describe('quoteImages', () => {
  it('sends uploaded photos only, the primary first, with alt text when written', () => {
    const photo = (url: string, altText: string, isPrimary: boolean, status = 'uploaded') => ({ url, altText, isPrimary, status });
    expect(
      quoteImages([
        photo('/api/uploads/files/a.jpg', '', false),
        photo('/api/uploads/files/b.jpg', ' Flange ', true),
        photo('', '', false, 'uploading'),
      ]),
    ).toEqual([{ url: '/api/uploads/files/b.jpg', altText: 'Flange' }, { url: '/api/uploads/files/a.jpg' }]);
    expect(quoteImages([])).toEqual([]);
  });
});
