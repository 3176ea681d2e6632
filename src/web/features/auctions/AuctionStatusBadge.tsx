import { cn } from '../../lib/cn';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { AUCTION_STATUS_BADGE_CLASS, auctionDisplayStatus } from './auctionStatus';

/** An auction's status as a badge, in the app's one vocabulary (auctionStatus.ts), wherever an auction is listed or shown. */
export function AuctionStatusBadge({
  auction,
  now,
  className,
}: {
  auction: Pick<AuctionDto, 'status' | 'endTime'>;
  now: number;
  className?: string;
}) {
  const status = auctionDisplayStatus(auction, now);
  return (
    <span
      data-auction-status={status}
      className={cn(
        'inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        AUCTION_STATUS_BADGE_CLASS[status],
        className,
      )}
    >
      {status}
    </span>
  );
}
