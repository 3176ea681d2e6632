import type { StorefrontDto } from '../../../modules/sellers/seller.dto';

/** Parts shown on a storefront page (one page of the seller's parts). */
export const STOREFRONT_PARTS_PAGE = 24;

export type StorefrontStats = Omit<StorefrontDto['stats'], 'memberSince'> & {
  /** "2024". */
  memberSince: string;
};

/** A storefront's figures (the server sends them under `stats`, member-since as the year of approval). */
export function storefrontStats(storefront: Pick<StorefrontDto, 'stats'>): StorefrontStats {
  return { ...storefront.stats, memberSince: String(storefront.stats.memberSince) };
}

/** "1 part available" / "12 parts available". */
export function partsAvailableLabel(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'part' : 'parts'} available`;
}

/** Policies as paragraphs: split on blank lines, trimmed, empties dropped. */
export function policyParagraphs(policies: string | null | undefined): string[] {
  return (policies ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
