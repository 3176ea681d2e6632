import { memberSinceYear } from './reputation';
import type { SellerStorefront, StorefrontCategory } from './sellers.types';

/** Parts shown on a storefront page (one page of the seller's parts). */
export const STOREFRONT_PARTS_PAGE = 24;

export interface StorefrontStats {
  totalParts: number;
  featuredParts: number;
  /** "2024", or empty when unknown. */
  memberSince: string;
  categories: StorefrontCategory[];
}

const count = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

function yearOf(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isInteger(value) && value > 1900 ? String(value) : '';
  if (typeof value === 'string' && /^\d{4}$/.test(value.trim())) return value.trim();
  return memberSinceYear(value);
}

/**
 * A storefront's figures, wherever the server put them (top level or under `stats`); the
 * member-since year falls back to the storefront's creation.
 */
export function storefrontStats(storefront: SellerStorefront): StorefrontStats {
  const nested = storefront.stats ?? {};
  return {
    totalParts: count(nested.totalParts ?? storefront.totalParts),
    featuredParts: count(nested.featuredParts ?? storefront.featuredParts),
    memberSince: yearOf(nested.memberSince ?? storefront.memberSince) || memberSinceYear(storefront.createdAt),
    categories: nested.categories ?? storefront.categories ?? [],
  };
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
