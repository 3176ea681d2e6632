import { Gavel } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import type { PartDto } from '../../../modules/catalog/part.dto';

/**
 * What a buyer can do about a part that is not on sale at its fixed price: a sold part says "Sold"; a part under a
 * scheduled or active auction links to the auction (the only place it can be bought then). Nothing otherwise.
 */
export function PartSaleStatus({ part }: { part: Pick<PartDto, 'isSold' | 'activeAuctionId'> }) {
  if (part.isSold) {
    return (
      <p role="status" className="rounded-md border border-line bg-paper p-3 text-sm">
        <span className="mr-2 rounded-sm border border-blue-200 bg-blue-100 px-2 py-0.5 text-sm font-semibold text-blue-800">Sold</span>
        This part has been sold and is no longer available.
      </p>
    );
  }
  if (part.activeAuctionId) {
    return (
      <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-racing/40 bg-racing/5 p-3 text-sm">
        <Gavel aria-hidden className="size-4 text-racing" />
        <span className="font-medium">This part is up for auction</span>
        <ButtonLink to={`/auctions/${part.activeAuctionId}`} size="sm" className="ml-auto">
          View auction
        </ButtonLink>
      </div>
    );
  }
  return null;
}

/** Whether the page may offer fixed-price actions (an offer on the price): not while sold or under auction. */
export const offersFixedPrice = (part: Pick<PartDto, 'isSold' | 'activeAuctionId'>) => !part.isSold && !part.activeAuctionId;
