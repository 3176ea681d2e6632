import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { describeError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { reasonLabel, returnStateLabel, SELLER_DEFAULT_FILTER } from './returnFormat';
import { RETURNS_PAGE_SIZE, useReturns } from './returns.api';

/** /account/returns (the buyer's returns) and /my-returns (returns of the seller's sales, to answer). */
export function ReturnsListPage({ as }: { as?: 'seller' }) {
  const [page, setPage] = useState(1);
  // A seller sees first what waits for them: new requests, parts shipped back to receive, received ones to refund.
  const [state, setState] = useState(as === 'seller' ? SELLER_DEFAULT_FILTER : '');
  const list = useReturns({ as, page, state: state || undefined });
  const title = as === 'seller' ? 'Returns to answer' : 'Your returns';

  return (
    <PageContainer title={title} className="grid gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            className="h-9 rounded-md border border-line bg-surface px-2"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {as === 'seller' && <option value={SELLER_DEFAULT_FILTER}>Waiting for you</option>}
            <option value="requested">{as === 'seller' ? 'New requests' : 'Waiting for the seller'}</option>
            <option value="approved">Approved</option>
            <option value="shipped_back">Shipped back</option>
            <option value="received">Received</option>
            <option value="escalated">With Pitlane</option>
            <option value="refunded">Refunded</option>
            <option value="declined">Declined</option>
            <option value="closed">Closed</option>
          </select>
        </label>
      </header>
      {list.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <Card className="p-4 text-sm">
          {describeError(list.error).message} <Button variant="outline" size="sm" onClick={() => void list.refetch()}>Try again</Button>
        </Card>
      ) : list.data.items.length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted">{as === 'seller' ? 'No returns here.' : 'You have no returns.'}</Card>
      ) : (
        <ul className="grid gap-2" aria-label={title}>
          {list.data.items.map((r) => (
            <li key={r.id}>
              <Link to={`/account/returns/${r.id}`} className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-surface p-3 hover:border-racing">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{r.partTitle}</span>
                  <span className="block text-xs text-muted">
                    {reasonLabel(r.reason)} · {formatDateTime(r.createdAt)} · {as === 'seller' ? r.buyerName : r.sellerName}
                  </span>
                </span>
                <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium">{returnStateLabel(r.state)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > RETURNS_PAGE_SIZE && (
        <div className="flex justify-center gap-2">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page * RETURNS_PAGE_SIZE >= list.data.total} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </PageContainer>
  );
}

export const SellerReturnsPage = () => <ReturnsListPage as="seller" />;
