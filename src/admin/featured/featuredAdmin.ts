/** Pure helpers of the Featured Manager (spec 001 §2 "Featured listings management", §5, §8). */
import type { FeaturedListingDto, FeaturedPlacementType } from '../../modules/featured/featured-listing.dto';

/** Slots of each page (spec 001 §9): home 12 (3 x 4), a category 8. */
export const SLOTS: Record<FeaturedPlacementType, number> = { homepage: 12, category: 8 };
/** Default run (spec 001 §9). */
export const DEFAULT_RUN_DAYS = 30;
/** The form's default revenue (spec 001 §9: 100.00 in version 1). */
export const DEFAULT_PRICE = 100;

/** Spec 001 §8 texts. */
export const FEATURED_TEXTS = {
  success: 'Success',
  created: 'Success: featured listing created',
  updated: 'Success: featured listing updated',
  removed: 'Success: featured listing removed',
  createFailed: 'Failed to create featured listing',
  updateFailed: 'Failed to update featured listing',
  removeFailed: 'Failed to remove featured listing',
  confirmRemove: 'Are you sure you want to remove this featured listing?',
  notLive: 'listing no longer live',
} as const;

/** "Error: {server message}", or the version-2 fallback when the server said nothing. */
export function errorText(error: unknown, fallback: string): string {
  const message = error instanceof Error && error.message && !error.message.startsWith('HTTP Error') ? error.message : null;
  return message ? `Error: ${message}` : fallback;
}

/** What one slot of the manager's grid holds: the placement showing now and the next one booked. */
export interface SlotSummary {
  position: number;
  current: FeaturedListingDto | null;
  next: FeaturedListingDto | null;
}

/** The slots of a page from its active and upcoming placements (switched-off ones are left out). */
export function slotSummaries(placements: readonly FeaturedListingDto[], slots: number): SlotSummary[] {
  return Array.from({ length: slots }, (_, i) => {
    const position = i + 1;
    const here = placements.filter((p) => p.position === position && p.isActive && p.status !== 'expired');
    const current = here.find((p) => p.status === 'active') ?? null;
    const next = here.filter((p) => p.status === 'upcoming').sort((a, b) => a.startDate.localeCompare(b.startDate))[0] ?? null;
    return { position, current, next };
  });
}

/** Positions held by active placements overlapping [start, end), except the one being edited. */
export function occupiedPositions(placements: readonly FeaturedListingDto[], start: Date | null, end: Date | null, editingId: string | undefined): Set<number> {
  const taken = new Set<number>();
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return taken;
  for (const p of placements) {
    if (!p.isActive || p.id === editingId) continue;
    if (new Date(p.startDate) < end && new Date(p.endDate) > start) taken.add(p.position);
  }
  return taken;
}

/** The position choices of a page, the occupied ones disabled. */
export function positionChoices(slots: number, occupied: ReadonlySet<number>) {
  return Array.from({ length: slots }, (_, i) => ({
    id: i + 1,
    name: occupied.has(i + 1) ? `Position ${i + 1} (occupied)` : `Position ${i + 1}`,
    disabled: occupied.has(i + 1),
  }));
}

/** The end of the default run from a start. */
export function defaultEnd(start: Date): Date {
  return new Date(start.getTime() + DEFAULT_RUN_DAYS * 24 * 60 * 60 * 1000);
}

/** Clicks per impression as a percentage ("3.2%"), or "—" without impressions. */
export function ctrText(impressions: number, clicks: number): string {
  return impressions > 0 ? `${((clicks / impressions) * 100).toFixed(1)}%` : '—';
}

/** How the manager names a placement's listing type. */
export const LISTING_TYPE_LABELS = { part: 'Part', auction: 'Auction', reverse_auction: 'Reverse auction' } as const;
