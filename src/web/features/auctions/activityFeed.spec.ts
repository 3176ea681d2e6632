import { describe, expect, it } from 'vitest';
import type { ActivityEventDto, ActivityType } from '../../../modules/auctions/auction.dto';
import { describeEvent, FEED_LIMIT, parseFeedMessage, withEvent, withHistory } from './activityFeed';

const event = (id: number, data: ActivityEventDto['data'] = {}, type: ActivityType = 'bid'): ActivityEventDto => ({
  id: `e${id}`,
  type,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  data,
});
const usd = (v: string | number) => `$${Number(v).toFixed(2)}`;

describe('parseFeedMessage', () => {
  it('reads the server messages', () => {
    expect(parseFeedMessage(JSON.stringify({ type: 'subscription_confirmed', auctionId: 'a1' }))).toEqual({
      type: 'subscription_confirmed',
      auctionId: 'a1',
    });
    expect(parseFeedMessage(JSON.stringify({ type: 'activity_event', event: event(1) }))).toEqual({
      type: 'activity_event',
      event: event(1),
    });
    expect(parseFeedMessage(JSON.stringify({ type: 'activity_history', events: [event(1), { bad: true }] }))).toEqual({
      type: 'activity_history',
      events: [event(1)],
    });
    const stats = { recentBids: 1, activeWatchers: 2, extensions: 0, totalEvents: 3 };
    expect(parseFeedMessage(JSON.stringify({ type: 'activity_stats', stats }))).toEqual({ type: 'activity_stats', stats });
  });
  it("uses the server's error message, or 'Connection error occurred'", () => {
    expect(parseFeedMessage(JSON.stringify({ type: 'error', message: 'Auction not found' }))).toEqual({
      type: 'error',
      message: 'Auction not found',
    });
    expect(parseFeedMessage(JSON.stringify({ type: 'error' }))).toEqual({ type: 'error', message: 'Connection error occurred' });
  });
  it('ignores frames that are not feed messages', () => {
    expect(parseFeedMessage('not json')).toBeNull();
    expect(parseFeedMessage(JSON.stringify({ type: 'pong' }))).toBeNull();
    expect(parseFeedMessage(JSON.stringify({ type: 'activity_event', event: { id: 1 } }))).toBeNull();
    expect(parseFeedMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('withHistory and withEvent', () => {
  it('orders the history newest first and keeps the latest 50', () => {
    const history = Array.from({ length: 60 }, (_, i) => event(i));
    const kept = withHistory(history);
    expect(kept).toHaveLength(FEED_LIMIT);
    expect(kept[0].id).toBe('e59');
    expect(kept[FEED_LIMIT - 1].id).toBe('e10');
  });
  it('puts a new event on top, drops the oldest past 50 and ignores repeats', () => {
    const full = withHistory(Array.from({ length: 50 }, (_, i) => event(i)));
    const next = withEvent(full, event(99));
    expect(next).toHaveLength(FEED_LIMIT);
    expect(next[0].id).toBe('e99');
    expect(next.some((e) => e.id === 'e0')).toBe(false);
    expect(withEvent(next, event(99))).toBe(next);
  });
});


describe('describeEvent', () => {
  it('describes each kind of event', () => {
    expect(describeEvent(event(1, { username: 'j***e', amount: '150.00' }), usd)).toBe('j***e bid $150.00');
    expect(describeEvent(event(1, { username: 'a***b', previousHighBid: '140.00' }, 'outbid'), usd)).toBe(
      'a***b was outbid (previous high $140.00)',
    );
    expect(describeEvent(event(1, { extensionTime: 120 }, 'extension'), usd)).toBe('Auction extended by 2 minutes');
    expect(describeEvent(event(1, { totalWatchers: 4 }, 'watcher'), usd)).toBe('4 watching now');
    expect(describeEvent(event(1, { currentBid: '900.00' }, 'end'), usd)).toBe('Auction ended at $900.00');
  });
});
