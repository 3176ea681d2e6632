import { describe, expect, it } from 'vitest';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { AUCTION_STATUS_BADGE_CLASS, AUCTION_STATUS_FILTERS, auctionDisplayStatus, type AuctionDisplayStatus } from './auctionStatus';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MIN = 60_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const status = (s: AuctionDto['status'], endIn: number) => auctionDisplayStatus({ status: s, endTime: at(endIn) }, NOW);

describe('auctionDisplayStatus', () => {
  it('shows a scheduled auction as Scheduled, whatever page asks (issue 34: not Active, not Pending)', () => {
    expect(status('scheduled', 3 * 24 * 60 * MIN)).toBe('Scheduled');
    expect(status('scheduled', 30 * MIN)).toBe('Scheduled');
  });
  it('shows a running auction as Active, and Ending Soon in its last hour', () => {
    expect(status('active', 61 * MIN)).toBe('Active');
    expect(status('active', 60 * MIN)).toBe('Active');
    expect(status('active', 59 * MIN)).toBe('Ending Soon');
  });
  it('shows Ended once ended or out of time, and Cancelled for a cancelled one', () => {
    expect(status('ended', 60 * MIN)).toBe('Ended');
    expect(status('active', -1)).toBe('Ended');
    expect(status('scheduled', -1)).toBe('Ended');
    expect(status('cancelled', 60 * MIN)).toBe('Cancelled');
  });
  it('keeps the spec words for pending', () => {
    expect(status('pending', 60 * MIN)).toBe('Pending');
  });
  it('has a colour for every status, with no see-through background', () => {
    const all: AuctionDisplayStatus[] = ['Scheduled', 'Pending', 'Active', 'Ending Soon', 'Ended', 'Cancelled'];
    for (const s of all) expect(AUCTION_STATUS_BADGE_CLASS[s]).not.toMatch(/bg-[a-z-]+\/\d+/);
  });
  it('names the filter choices with the same words', () => {
    expect(AUCTION_STATUS_FILTERS.map((f) => f.label)).toEqual(['All statuses', 'Active', 'Scheduled', 'Ended']);
  });
});
