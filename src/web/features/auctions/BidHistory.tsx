import { Card } from '../../components/Card';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import { bidHistoryRows } from './auctionRules';
import { useAuctionBids } from './auctions.api';

/** "Bid History": the last 10 bids, newest first, the newest marked Winning (spec 000). */
export function BidHistory({ auctionId }: { auctionId: string }) {
  const bids = useAuctionBids(auctionId, true);
  const rows = bidHistoryRows(bids.data ?? []);
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">Bid History</h2>
      {bids.isLoading ? (
        <div role="status" aria-label="Loading bids" className="mt-3 grid gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-8 animate-pulse rounded bg-black/10" />
          ))}
        </div>
      ) : bids.isError ? (
        <p className="mt-3 text-sm text-muted">We could not load the bid history.</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No bids yet. Be the first to bid.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {rows.map((bid) => (
            <li key={bid.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {bid.bidderName || 'Bidder'}
                {bid.winning && (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-success">Winning</span>
                )}
              </span>
              <span className="flex shrink-0 items-center gap-3">
                <time className="text-xs text-muted" dateTime={bid.createdAt}>
                  {formatDateTime(bid.createdAt)}
                </time>
                <span className="tabular font-semibold">{formatUsdCents(bid.bidAmount)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
