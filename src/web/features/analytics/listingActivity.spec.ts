import { describe, expect, it } from 'vitest';
import { listingOfHref, MAX_EVENTS_PER_REPORT, reportsOf, type ListingActivityEvent } from './listingActivity';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('listing activity reports', () => {
  it('splits events into reports the server accepts and drops anything that is not a listing id', () => {
    const events: ListingActivityEvent[] = Array.from({ length: MAX_EVENTS_PER_REPORT + 5 }, (_, i) => ({ type: 'impression', itemType: 'part', itemId: id(i) }));
    events.push({ type: 'view', itemType: 'part', itemId: 'not-an-id' });
    const reports = reportsOf(events);
    expect(reports.map((r) => r.length)).toEqual([MAX_EVENTS_PER_REPORT, 5]);
    expect(reportsOf([])).toEqual([]);
  });

  it('reads the listing a link opens', () => {
    expect(listingOfHref(`/parts/${id(1)}`)).toEqual({ itemType: 'part', itemId: id(1) });
    expect(listingOfHref(`/auctions/${id(2).toUpperCase()}?tab=bids`)).toEqual({ itemType: 'auction', itemId: id(2) });
    expect(listingOfHref(`/parts/${id(1)}/edit`)).toEqual({ itemType: 'part', itemId: id(1) });
    expect(listingOfHref('/sellers/some-shop')).toBeNull();
    expect(listingOfHref(null)).toBeNull();
  });
});
