import { CalendarPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { Photo } from '../../components/Photo';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatDateTime, formatGrouped, formatUsdCents } from '../../lib/format';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { useAuth } from '../accounts/useAuth';
import { headlinePrice } from '../auctions/auctionRules';
import { AuctionStatusBadge } from '../auctions/AuctionStatusBadge';
import { useNow } from '../auctions/useNow';
import {
  AUCTION_FILTERS,
  AUCTIONS_PAGE_SIZE,
  auctionResult,
  canCancelAuction,
  readAuctionFilter,
  type AuctionFilter,
} from './myListings';
import { useCancelAuction, useMyAuctions } from './myListings.api';
import { ConfirmAction, FilterTabs, SellerPagedList } from './SellerListParts';

/** /my-auctions: the signed-in seller's auctions with their state, bids and result; the router guards it (seller role). */
export function MyAuctionsPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const { status, page } = readAuctionFilter(params);
  const auctions = useMyAuctions(user?.id, status, page);
  // Ending Soon and Ended follow the clock.
  const now = useNow(30_000);
  const write = (next: { status: AuctionFilter; page: number }) => {
    const out = new URLSearchParams();
    if (next.status !== 'all') out.set('status', next.status);
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out);
  };

  return (
    <PageContainer className="grid grid-cols-[minmax(0,1fr)] gap-6" title="My Auctions">
      <PageHeader
        back={{ to: '/seller-dashboard', label: 'Seller Dashboard' }}
        title="My Auctions"
        intro="Your scheduled, running and finished auctions."
        actions={
          <ButtonLink to="/schedule-auction">
            <CalendarPlus aria-hidden className="size-4" /> Schedule an Auction
          </ButtonLink>
        }
      />

      <FilterTabs label="Filter by status" options={AUCTION_FILTERS} value={status} onChange={(s) => write({ status: s, page: 1 })} />

      <SellerPagedList
        query={auctions}
        loadingLabel="Loading your auctions..."
        errorText="Your auctions could not be loaded."
        filtered={status !== 'all'}
        noMatchText="No auctions match this filter."
        showAllLabel="Show all auctions"
        onShowAll={() => write({ status: 'all', page: 1 })}
        emptyText="You have no auctions yet."
        emptyAction={<ButtonLink to="/schedule-auction">Schedule an Auction</ButtonLink>}
        listLabel="Your auctions"
        renderRow={(auction) => <AuctionRow key={auction.id} auction={auction} now={now} />}
        page={page}
        pageSize={AUCTIONS_PAGE_SIZE}
        onPage={(p) => write({ status, page: p })}
      />
    </PageContainer>
  );
}

function ResultText({ auction }: { auction: AuctionDto }) {
  const result = auctionResult(auction);
  switch (result.kind) {
    case 'sold':
      return <span className="font-semibold text-green-800">Sold for {formatUsdCents(result.amount)}</span>;
    case 'unsold':
      return <span className="text-muted">{result.reason === 'no-bids' ? 'Not sold: no bids' : 'Not sold: reserve not met'}</span>;
    case 'cancelled':
      return <span className="text-muted">Cancelled</span>;
    case 'open':
      return auction.status === 'scheduled' ? (
        <span className="text-muted">Starts {formatDateTime(auction.startTime)}</span>
      ) : (
        <span className="text-muted">Ends {formatDateTime(auction.endTime)}</span>
      );
  }
}

function AuctionRow({ auction, now }: { auction: AuctionDto; now: number }) {
  const cancel = useCancelAuction();
  const photo = auction.images.find((i) => i.isPrimary) ?? auction.images[0];
  const price = headlinePrice(auction);
  const bidLabel = price.label;

  function runCancel() {
    cancel.mutate(auction.id, {
      onSuccess: () => toast({ title: 'Auction cancelled', description: auction.title }),
      onError: (error) => toast({ title: 'Error', description: describeError(error).message, variant: 'destructive' }),
    });
  }

  return (
    <li aria-label={auction.title} className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-line bg-surface p-3 sm:flex sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded bg-paper sm:w-32">
          <Photo src={photo?.thumbnailUrl ?? photo?.url} alt={photo?.altText ?? ''} loading="lazy" iconClassName="size-6" />
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/auctions/${auction.id}`} className="min-w-0 truncate font-semibold hover:underline">
              {auction.title}
            </Link>
            <AuctionStatusBadge auction={auction} now={now} />
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-muted">{bidLabel}</dt>
              <dd className="tabular font-semibold">
                {formatUsdCents(price.amount)}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted">Bids</dt>
              <dd className="tabular">{formatGrouped(auction.totalBids)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Result</dt>
              <dd>
                <ResultText auction={auction} />
              </dd>
            </div>
          </dl>
        </div>
      </div>
      {canCancelAuction(auction) && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ConfirmAction
            title={`Cancel "${auction.title}"?`}
            description="The auction will not start. Nobody has bid yet, so nobody is affected. The part stays listed."
            confirmLabel="Cancel auction"
            onConfirm={runCancel}
            trigger={
              <Button variant="outline" size="sm" disabled={cancel.isPending} aria-label={`Cancel auction ${auction.title}`}>
                {cancel.isPending ? 'Cancelling...' : 'Cancel auction'}
              </Button>
            }
          />
        </div>
      )}
    </li>
  );
}
