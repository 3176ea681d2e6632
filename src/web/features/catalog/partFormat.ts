import type { PartDto, PartImageDto } from '../../../modules/catalog/part.dto';

/** Spec 000 §4: part condition values (the server's list) and their labels, in the spec's order. */
export const CONDITION_OPTIONS = [
  { value: 'new-in-box', label: 'New in Box' },
  { value: 'new-out-of-box', label: 'New (Out of Box)' },
  { value: 'used-excellent', label: 'Used - Excellent' },
  { value: 'used-good', label: 'Used - Good' },
  { value: 'used-poor', label: 'Used - Poor' },
  { value: 'rebuilt', label: 'Rebuilt' },
  { value: 'for-parts', label: 'For Parts Only' },
] as const;
export type ConditionValue = (typeof CONDITION_OPTIONS)[number]['value'];

export const CONDITION_LABELS: Readonly<Record<string, string>> = Object.fromEntries(CONDITION_OPTIONS.map((c) => [c.value, c.label]));

/** The label of a condition; unknown values read "Used - Good" (spec 000 §4). */
export function conditionLabel(condition: string | null | undefined): string {
  return (condition && Object.hasOwn(CONDITION_LABELS, condition) ? CONDITION_LABELS[condition] : undefined) ?? 'Used - Good';
}

/** Up to `max` badge names, and how many more there are ("+N"). */
export function badgePreview(names: readonly string[], max = 2): { shown: string[]; more: number } {
  const clean = names.filter((n) => n.trim() !== '');
  return { shown: clean.slice(0, max), more: Math.max(0, clean.length - max) };
}

/** The badges a part card shows by name: featured placement and a verified seller. */
export function partBadges(part: Pick<PartDto, 'isFeatured' | 'isVerified'>): string[] {
  const badges: string[] = [];
  if (part.isFeatured) badges.push('Featured');
  if (part.isVerified) badges.push('Verified Seller');
  return badges;
}

/**
 * What the part page tells its seller (or an admin) about a listing buyers cannot see: withdrawn, rejected with
 * the team's reason, or waiting for review. Null for a public listing.
 */
export function listingNotice(part: Pick<PartDto, 'isActive' | 'isApproved' | 'rejectionReason'>): string | null {
  if (!part.isActive) return 'This listing is withdrawn: buyers can no longer see it.';
  if (part.isApproved) return null;
  const reason = part.rejectionReason?.trim();
  if (reason) return `This listing was not approved, so buyers cannot see it. Reason: ${reason}`;
  return 'This listing is waiting for review. Buyers will see it once the Pitlane team approves it.';
}

/** The photo a card leads with: the one marked primary, else the first. */
export function primaryImage(images: readonly PartImageDto[] | null | undefined): PartImageDto | null {
  if (!images?.length) return null;
  return images.find((i) => i.isPrimary) ?? images[0] ?? null;
}

/** The small copy of a photo when the server made one, else the photo itself. */
export function thumbnailSrc(image: PartImageDto): string {
  return image.thumbnailUrl || image.url;
}

/** "1965-1968", "1965+", "Up to 1968", "1967" (same year) or "" when neither is known. */
export function yearsLabel(yearStart: number | null | undefined, yearEnd: number | null | undefined): string {
  const from = yearStart ?? null;
  const to = yearEnd ?? null;
  if (from !== null && to !== null) return from === to ? String(from) : `${from}-${to}`;
  if (from !== null) return `${from}+`;
  if (to !== null) return `Up to ${to}`;
  return '';
}

/** "Ford Mustang": the make's display name (or slug) and the model when there is one. */
export function makeModel(part: Pick<PartDto, 'make' | 'makeName' | 'model'>): string {
  return [part.makeName || part.make, part.model].filter(Boolean).join(' ');
}

/** Whether an original price is shown struck through: only when it exceeds the price. */
export function hasMarkdown(price: string | number, originalPrice: string | number | null | undefined): boolean {
  if (originalPrice === null || originalPrice === undefined || originalPrice === '') return false;
  const p = Number(price);
  const o = Number(originalPrice);
  return Number.isFinite(p) && Number.isFinite(o) && o > p;
}
