import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { auctionClockReading, clockTarget } from './auctionRules';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const auction = (status: AuctionDto['status'], startIn: number, endIn: number) => ({ status, startTime: at(startIn), endTime: at(endIn) });

describe('clockTarget', () => {
  it('counts a scheduled auction to its start while the start is ahead', () => {
    expect(clockTarget(auction('scheduled', 2 * DAY, 9 * DAY), NOW)).toEqual({ phase: 'starts', at: at(2 * DAY) });
    expect(clockTarget(auction('scheduled', 1, 9 * DAY), NOW)).toEqual({ phase: 'starts', at: at(1) });
  });
  it('counts to the end once the start has come, even before the server has marked it active', () => {
    expect(clockTarget(auction('scheduled', 0, 7 * DAY), NOW)).toEqual({ phase: 'ends', at: at(7 * DAY) });
    expect(clockTarget(auction('scheduled', -MIN, 7 * DAY), NOW)).toEqual({ phase: 'ends', at: at(7 * DAY) });
  });
  it('counts every other status to the end', () => {
    for (const status of ['active', 'ended', 'pending', 'cancelled'] as const) {
      expect(clockTarget(auction(status, DAY, 2 * DAY), NOW).phase).toBe('ends');
    }
  });
  it('falls back to the end when the start cannot be read', () => {
    expect(clockTarget({ status: 'scheduled', startTime: 'not a date', endTime: at(DAY) }, NOW)).toEqual({ phase: 'ends', at: at(DAY) });
  });
});

describe('auctionClockReading', () => {
  it('reads "Starts in …" to the start, in the plain colour, for a scheduled auction', () => {
    expect(auctionClockReading(auction('scheduled', 2 * DAY + 5 * HOUR, 9 * DAY), NOW)).toEqual({
      phase: 'starts',
      text: 'Starts in 2d 5h',
      urgency: 'normal',
    });
    expect(auctionClockReading(auction('scheduled', 3 * HOUR + 12 * MIN, 9 * DAY), NOW).text).toBe('Starts in 3h 12m');
    // Under an hour to the start: minutes and seconds like every clock, but not red and not pulsing.
    expect(auctionClockReading(auction('scheduled', 12 * MIN + 5_000, 9 * DAY), NOW)).toEqual({
      phase: 'starts',
      text: 'Starts in 12m 05s',
      urgency: 'normal',
    });
  });
  it('reads the time left for a running auction, with its urgency', () => {
    expect(auctionClockReading(auction('active', -DAY, 2 * DAY + 5 * HOUR), NOW)).toEqual({ phase: 'ends', text: '2d 5h', urgency: 'normal' });
    expect(auctionClockReading(auction('active', -DAY, 45 * MIN), NOW)).toEqual({ phase: 'ends', text: '45m 00s', urgency: 'critical' });
    expect(auctionClockReading(auction('ended', -DAY, -MIN), NOW)).toEqual({ phase: 'ends', text: 'Ended', urgency: 'over' });
  });
});

describe('a ticking clock on an open page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes from "Starts in" to the time left when the start passes, with no reload', () => {
    // A scheduled auction starting in 3 s and running 2 days, read every second as the pages' useNow(1000) does.
    const a = auction('scheduled', 3_000, 3_000 + 2 * DAY);
    const shown: string[] = [auctionClockReading(a, Date.now()).text];
    const timer = setInterval(() => shown.push(auctionClockReading(a, Date.now()).text), 1000);
    vi.advanceTimersByTime(5_000);
    clearInterval(timer);
    expect(shown).toEqual(['Starts in 3s', 'Starts in 2s', 'Starts in 1s', '2d 0h', '1d 23h', '1d 23h']);
  });

  it('switches at the start to the end countdown and its urgency', () => {
    const a = auction('scheduled', HOUR, HOUR + 30 * MIN);
    expect(auctionClockReading(a, Date.now())).toEqual({ phase: 'starts', text: 'Starts in 1h 0m', urgency: 'normal' });
    vi.advanceTimersByTime(HOUR - 1);
    expect(auctionClockReading(a, Date.now())).toEqual({ phase: 'starts', text: 'Starts in 1s', urgency: 'normal' });
    vi.advanceTimersByTime(1);
    expect(auctionClockReading(a, Date.now())).toEqual({ phase: 'ends', text: '30m 00s', urgency: 'critical' });
  });
});
