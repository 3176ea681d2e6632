import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { errorText, FEATURED_TEXTS, occupiedPositions, positionChoices, slotSummaries } from './featuredAdmin';
import type { FeaturedListingDto } from '../../modules/featured/featured-listing.dto';

const placement = (over: Partial<FeaturedListingDto>): FeaturedListingDto =>
  ({ id: 'x', position: 1, isActive: true, status: 'active', startDate: '2026-12-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', ...over }) as FeaturedListingDto;

describe('slotSummaries', () => {
  it('shows each position with its current and next placement', () => {
    const now = placement({ id: 'a', position: 2 });
    const later = placement({ id: 'b', position: 2, status: 'upcoming', startDate: '2027-02-01T00:00:00.000Z' });
    const sooner = placement({ id: 'c', position: 2, status: 'upcoming', startDate: '2027-01-01T00:00:00.000Z' });
    const off = placement({ id: 'd', position: 3, isActive: false });
    const slots = slotSummaries([later, now, sooner, off], 12);
    expect(slots).toHaveLength(12);
    expect(slots[1]).toEqual({ position: 2, current: now, next: sooner });
    expect(slots[2]).toEqual({ position: 3, current: null, next: null });
  });
});

describe('occupiedPositions', () => {
  const booked = [placement({ id: 'a', position: 1 }), placement({ id: 'b', position: 5, startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-01-31T00:00:00.000Z' })];
  it('takes the positions of placements overlapping the dates, except the one being edited', () => {
    const dec = [new Date('2026-12-10T00:00:00Z'), new Date('2027-01-05T00:00:00Z')] as const;
    expect([...occupiedPositions(booked, ...dec, undefined)].sort()).toEqual([1, 5]);
    expect([...occupiedPositions(booked, ...dec, 'a')]).toEqual([5]);
    // Touching edges are free.
    expect([...occupiedPositions(booked, new Date('2026-12-31T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), undefined)]).toEqual([]);
  });
  it('offers occupied positions disabled', () => {
    const choices = positionChoices(8, new Set([3]));
    expect(choices).toHaveLength(8);
    expect(choices[2]).toEqual({ id: 3, name: 'Position 3 (occupied)', disabled: true });
    expect(choices[0]!.disabled).toBe(false);
  });
});

describe('errorText', () => {
  it("shows the server's message, else the version-2 fallback", () => {
    expect(errorText(new HttpError('Position 3 on the home page is already booked', 409), FEATURED_TEXTS.createFailed)).toBe('Error: Position 3 on the home page is already booked');
    expect(errorText(null, FEATURED_TEXTS.removeFailed)).toBe('Failed to remove featured listing');
  });
});
