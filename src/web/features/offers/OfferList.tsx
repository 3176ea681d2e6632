import { useState } from 'react';
import type { OfferStatus } from '../../../modules/offers/offer.dto';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { OFFERS_PAGE_SIZE, useOffers } from './offers.api';
import { OfferCard } from './OfferCard';

const FILTERS: Array<{ value: OfferStatus | 'all'; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'all', label: 'All' },
];

/** The signed-in user's offers as buyer or seller: status tabs, cards with their actions, and paging. */
export function OfferList({ as, emptyText }: { as?: 'seller'; emptyText: string }) {
  const [filter, setFilter] = useState<OfferStatus | 'all'>('open');
  const [page, setPage] = useState(1);
  const offers = useOffers({ as, page, ...(filter === 'all' ? {} : { status: filter }) });
  const total = offers.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OFFERS_PAGE_SIZE));
  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label="Offer status" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium',
              filter === f.value ? 'border-racing bg-racing-soft text-racing-dark' : 'border-line bg-surface hover:border-racing',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>
      {offers.isLoading ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : offers.isError ? (
        <p role="alert" className="text-sm text-racing">
          We could not load the offers. Please try again in a moment.
        </p>
      ) : !offers.data?.items.length ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <ul className="grid gap-3">
          {offers.data.items.map((o) => (
            <li key={o.id}>
              <OfferCard offer={o} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
