import type { ReactNode } from 'react';
import { MapPin, Truck } from 'lucide-react';
import { Card } from '../../components/Card';
import { formatDateTime, formatGrouped, formatUsdCents } from '../../lib/format';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { shortConditionLabel } from './auctionRules';

/** The auction's title (the page's h1) with part number, condition and location. */
export function AuctionHeading({ auction }: { auction: AuctionDto }) {
  const condition = shortConditionLabel(auction.condition);
  return (
    <div>
      {auction.auctionType === 'reserve' && (
        <span className="mb-2 inline-block rounded border border-line px-2 py-0.5 text-xs font-medium">Reserve auction</span>
      )}
      <h1 id="auction-title" className="text-2xl font-bold tracking-tight md:text-3xl">
        {auction.title}
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {auction.partNumber && (
          <span>
            Part # <span className="font-mono text-ink">{auction.partNumber}</span>
          </span>
        )}
        {condition && <span>Condition: {condition}</span>}
        {auction.location && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-4" />
            {auction.location}
          </span>
        )}
      </p>
    </div>
  );
}

/** The auction's description and terms: starting bid, increment, times, shipping, watchers. */
export function AuctionDescription({ auction }: { auction: AuctionDto }) {
  return (
    <Card className="p-4">
      <section aria-labelledby="auction-description">
        <h2 id="auction-description" className="text-lg font-semibold">
          Description
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm leading-6">{auction.description}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <Fact label="Starting bid" value={formatUsdCents(auction.startingBid)} />
          <Fact label="Bid increment" value={formatUsdCents(auction.bidIncrement)} />
          <Fact label="Starts" value={formatDateTime(auction.startTime)} />
          <Fact label="Ends" value={formatDateTime(auction.endTime)} />
          {auction.shippingCost != null && auction.shippingCost !== '' && (
            <Fact
              label="Shipping"
              value={
                <span className="inline-flex items-center gap-1">
                  <Truck aria-hidden className="size-4" />
                  {formatUsdCents(auction.shippingCost)}
                </span>
              }
            />
          )}
          <Fact label="Watchers" value={formatGrouped(auction.watchers)} />
        </dl>
      </section>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular font-medium">{value}</dd>
    </div>
  );
}
