import { describe, expect, it } from 'vitest';
import { applyWatchlistView, toCents, watchlistSummary } from './watchlistView';
import type { WatchlistEntryDto } from '../../../modules/catalog/part.dto';

const entry = (over: Partial<WatchlistEntryDto>): WatchlistEntryDto => ({
  id: 'e',
  partId: 'p',
  userId: 'u',
  partTitle: 'Part',
  partDescription: '',
  partPrice: '10.00',
  partCategory: 'engine',
  partCondition: 'used-good',
  partLocation: 'Detroit, MI',
  partImage: null,
  isPartAvailable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const carb = entry({ id: 'a', partTitle: 'Holley carburettor', partPrice: '450.00', createdAt: '2026-01-02T00:00:00.000Z' });
const seat = entry({ id: 'b', partTitle: 'Bucket seat', partCategory: 'interior', partPrice: '1200.10', createdAt: '2026-01-03T00:00:00.000Z', partDescription: 'Recaro shell' });
const cam = entry({ id: 'c', partTitle: 'Camshaft', partPrice: '89.99', createdAt: '2026-01-01T00:00:00.000Z', isPartAvailable: false });
const all = [carb, seat, cam];

const ids = (list: WatchlistEntryDto[]) => list.map((e) => e.id);

describe('applyWatchlistView', () => {
  it('sorts by date added, newest first, by default', () => {
    expect(ids(applyWatchlistView(all, { search: '', category: 'all', sort: 'date' }))).toEqual(['b', 'a', 'c']);
  });

  it('sorts by title A-Z and by price both ways', () => {
    expect(ids(applyWatchlistView(all, { search: '', category: 'all', sort: 'title' }))).toEqual(['b', 'c', 'a']);
    expect(ids(applyWatchlistView(all, { search: '', category: 'all', sort: 'price-asc' }))).toEqual(['c', 'a', 'b']);
    expect(ids(applyWatchlistView(all, { search: '', category: 'all', sort: 'price-desc' }))).toEqual(['b', 'a', 'c']);
  });

  it('filters by category and by text in the title or description', () => {
    expect(ids(applyWatchlistView(all, { search: '', category: 'engine', sort: 'date' }))).toEqual(['a', 'c']);
    expect(ids(applyWatchlistView(all, { search: ' RECARO ', category: 'all', sort: 'date' }))).toEqual(['b']);
    expect(ids(applyWatchlistView(all, { search: 'cam', category: 'interior', sort: 'date' }))).toEqual([]);
  });
});

describe('watchlistSummary', () => {
  it('counts entries and adds prices in cents', () => {
    expect(watchlistSummary(all)).toEqual({ count: 3, available: 2, totalCents: 174009 });
    expect(watchlistSummary([])).toEqual({ count: 0, available: 0, totalCents: 0 });
  });

  it('reads decimal strings as cents', () => {
    expect(toCents('0.10')).toBe(10);
    expect(toCents('x')).toBe(0);
  });
});
