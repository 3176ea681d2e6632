/** The one rule for buying a part at its fixed price, for the part page and for orders. */
import type { PartDto } from './part.dto.js';

/** Why a part cannot be bought at its fixed price. */
export type FixedPriceBlock = 'not_listed' | 'sold' | 'in_auction';

export interface FixedPriceAvailability {
  available: boolean;
  reason: FixedPriceBlock | null;
  /** The open auction that holds the part (its page is where it can be bought), else null. */
  activeAuctionId: string | null;
}

export const FIXED_PRICE_MESSAGES: Record<FixedPriceBlock, string> = {
  not_listed: 'This part is not for sale',
  sold: 'This part has been sold',
  in_auction: 'This part is up for auction: bid on it or buy it on the auction page',
};

/** A part can be bought at its price only while it is listed (active, approved), unsold and under no open auction. */
export function fixedPriceAvailability(
  part: Pick<PartDto, 'isActive' | 'isApproved' | 'isSold' | 'activeAuctionId'>,
): FixedPriceAvailability {
  const activeAuctionId = part.activeAuctionId;
  if (part.isSold) return { available: false, reason: 'sold', activeAuctionId };
  if (!part.isActive || !part.isApproved) return { available: false, reason: 'not_listed', activeAuctionId };
  if (activeAuctionId) return { available: false, reason: 'in_auction', activeAuctionId };
  return { available: true, reason: null, activeAuctionId: null };
}
