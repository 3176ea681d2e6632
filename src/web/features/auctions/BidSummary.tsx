import { ShieldCheck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatGrouped, formatUsdCents } from '../../lib/format';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { AuctionClock } from './AuctionClock';
import { headlinePrice, reserveInfo } from './auctionRules';
import { AuctionStatusBadge } from './AuctionStatusBadge';

/** The top of the bid box: status and clock, the current (or starting) bid, the bid count, the minimum next bid and the reserve. */
export function BidSummary({
  auction,
  now,
  minimumCents,
}: {
  auction: AuctionDto;
  now: number;
  minimumCents: number;
}) {
  const price = headlinePrice(auction);
  const reserve = reserveInfo(auction);
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <AuctionStatusBadge auction={auction} now={now} />
        <AuctionClock auction={auction} now={now} className="text-lg" />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-muted">{price.label}</dt>
          <dd className="tabular text-3xl font-bold">{formatUsdCents(price.amount)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-sm text-muted">Bids</dt>
          <dd className="tabular text-3xl font-bold">{formatGrouped(auction.totalBids)}</dd>
        </div>
        <div className="col-span-2 flex justify-between border-t border-line pt-3 text-sm">
          <dt className="text-muted">Minimum next bid</dt>
          <dd className="tabular font-semibold">{formatUsdCents(minimumCents / 100)}</dd>
        </div>
        {reserve.shown && (
          <div className="col-span-2 flex justify-between text-sm">
            <dt className="text-muted">Reserve{reserve.reservePrice ? ` ${formatUsdCents(reserve.reservePrice)}` : ''}</dt>
            <dd className={cn('inline-flex items-center gap-1 font-semibold', reserve.met ? 'text-success' : 'text-muted')}>
              {reserve.met && <ShieldCheck aria-hidden className="size-4" />}
              {reserve.met ? 'Reserve Met' : 'Reserve Not Met'}
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
