import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { useUnpaidWins } from './offers.api';
import { OfferList } from './OfferList';

type Tab = 'offers' | 'second-chance';

/** The seller dashboard's Offers tab: offers on the seller's parts to answer, and Second Chance offers after unpaid wins. */
export function SellerOffersPanel() {
  const [tab, setTab] = useState<Tab>('offers');
  const wins = useUnpaidWins();
  const ref = useRef<HTMLElement>(null);
  // Links to /seller-dashboard#offers (mails, the offer page) land here.
  useEffect(() => {
    if (window.location.hash === '#offers') ref.current?.scrollIntoView();
  }, []);
  return (
    <section id="offers" ref={ref} aria-labelledby="offers-heading">
      <Card>
        <CardHeader className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="offers-heading" className="text-lg font-bold">
            Offers
          </h2>
          <div role="tablist" aria-label="Offers" className="flex gap-2">
            {(
              [
                ['offers', 'Offers on your parts'],
                ['second-chance', `Second Chance${wins.data?.length ? ` (${wins.data.length})` : ''}`],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                onClick={() => setTab(value)}
                className={cn('rounded-md px-3 py-1 text-sm font-medium', tab === value ? 'bg-graphite text-white' : 'hover:bg-black/5')}
              >
                {label}
              </button>
            ))}
          </div>
        </CardHeader>
        <CardContent>
          {tab === 'offers' ? (
            <OfferList as="seller" emptyText="No offers on your parts yet." />
          ) : !wins.data?.length ? (
            <p className="text-sm text-muted">No unpaid auction wins. When a winner does not pay, you can offer the part to the other bidders here.</p>
          ) : (
            <ul className="grid gap-2">
              {wins.data.map((w) => (
                <li key={w.auctionId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line p-3 text-sm">
                  <span>
                    <span className="font-medium">{w.partTitle}</span> · {w.buyerName} did not pay ({formatDate(w.cancelledAt)}) · {w.offersSent} offers sent
                  </span>
                  <Link to={`/auctions/${w.auctionId}/second-chance`} className="font-medium text-racing hover:underline">
                    Send Second Chance offers
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
