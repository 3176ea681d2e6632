import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { formatDateTime } from '../../lib/format';
import { reasonLabel, returnStateLabel, SELLER_DEFAULT_FILTER } from './returnFormat';
import { useReturns } from './returns.api';

/** Rows of the dashboard's panel (spec 001: 5 rows per dashboard table). */
const PANEL_ROWS = 5;

/** The seller dashboard's returns waiting for the seller: to answer (within 3 business days), to receive, to refund. */
export function SellerReturnsPanel() {
  const list = useReturns({ as: 'seller', page: 1, state: SELLER_DEFAULT_FILTER });
  const rows = list.data?.items.slice(0, PANEL_ROWS) ?? [];
  return (
    <Card role="region" aria-label="Returns to answer">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <RotateCcw aria-hidden className="size-5 text-racing" /> Returns to answer
        </h2>
        <Link to="/my-returns" className="text-sm font-medium text-racing hover:underline">
          All returns
        </Link>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="h-16 animate-pulse rounded bg-line" aria-hidden />
        ) : list.isError ? (
          <p className="text-sm text-muted">Your returns could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted">No returns waiting for you.</p>
        ) : (
          <ul className="grid gap-2">
            {rows.map((r) => (
              <li key={r.id}>
                <Link to={`/account/returns/${r.id}`} className="flex flex-wrap items-center gap-2 rounded-md border border-line p-2 text-sm hover:border-racing">
                  <span className="min-w-0 flex-1 truncate font-medium">{r.partTitle}</span>
                  <span className="text-muted">{reasonLabel(r.reason)}</span>
                  <span className="text-xs text-muted">{r.state === 'requested' ? `answer by ${formatDateTime(r.respondBy)}` : returnStateLabel(r.state)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
