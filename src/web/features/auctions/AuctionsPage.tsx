import { useState, type ReactNode } from 'react';
import { Eye, Gavel, Grid2x2, List, Timer, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { canCreateContent } from '../../../platform/roles';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { Photo } from '../../components/Photo';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatGrouped, formatUsdCents } from '../../lib/format';
import { useAuth } from '../accounts/useAuth';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { AuctionClock } from './AuctionClock';
import {
  auctionPhotos,
  auctionStats,
  filterByTab,
  shortConditionLabel,
  type AuctionTab,
} from './auctionRules';
import { AuctionStatusBadge } from './AuctionStatusBadge';
import { AUCTION_STATUS_FILTERS } from './auctionStatus';
import { useAuctions, type AuctionSort } from './auctions.api';
import { useNow } from './useNow';

/** How many auctions each page loads ("Load more auctions" fetches the next). */
const PAGE_SIZE = 60;
const SKELETONS = 6;

const SORTS: Array<{ value: AuctionSort; label: string; order: 'asc' | 'desc' }> = [
  { value: 'endTime', label: 'Ending soonest', order: 'asc' },
  { value: 'currentBid', label: 'Highest current bid', order: 'desc' },
  { value: 'totalBids', label: 'Most bids', order: 'desc' },
  { value: 'watchers', label: 'Most watched', order: 'desc' },
];

const TABS: Array<{ value: AuctionTab; label: string; empty: string }> = [
  { value: 'all', label: 'All Auctions', empty: 'No auctions found' },
  { value: 'ending-soon', label: 'Ending Soon', empty: 'No auctions ending soon' },
  { value: 'recent', label: 'Recently Added', empty: 'No auctions found' },
];

const selectClass =
  'h-10 rounded-md border border-line bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-racing';

/** /auctions: "Live Auctions" (spec 000 "Live Auctions"). */
export function AuctionsPage() {
  const now = useNow(1000);
  const { user } = useAuth();
  const [tab, setTab] = useState<AuctionTab>('all');
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const [sort, setSort] = useState<AuctionSort>('endTime');
  const [status, setStatus] = useState('all');
  const order = SORTS.find((s) => s.value === sort)?.order ?? 'asc';
  const auctions = useAuctions({
    status: status === 'all' ? undefined : status,
    sort,
    order,
    limit: PAGE_SIZE,
  });
  const all = auctions.data ?? [];
  const stats = auctionStats(all, now);

  return (
    <PageContainer title="Live Auctions">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Live Auctions</h1>
          <p className="mt-1 text-muted">Bid on rare and hard-to-find parts from sellers who know them.</p>
        </div>
        {canCreateContent(user?.role) && <ButtonLink to="/schedule-auction">Schedule an Auction</ButtonLink>}
      </div>

      <section aria-label="Auction statistics" className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard icon={<Gavel aria-hidden className="size-5" />} label="Active Auctions" value={stats.active} loading={auctions.isLoading} />
        <StatCard icon={<Timer aria-hidden className="size-5" />} label="Ending Soon" value={stats.endingSoon} loading={auctions.isLoading} />
        <StatCard icon={<TrendingUp aria-hidden className="size-5" />} label="Total Bids" value={stats.totalBids} loading={auctions.isLoading} />
        <StatCard icon={<Eye aria-hidden className="size-5" />} label="Watchers" value={stats.watchers} loading={auctions.isLoading} />
      </section>

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AuctionTab)} className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List aria-label="Auction lists" className="flex w-full gap-1 rounded-md bg-black/5 p-1 sm:w-auto">
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="h-8 flex-1 rounded px-2 text-xs font-medium whitespace-nowrap text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none sm:px-3 sm:text-sm"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor="auction-sort">
              Sort by
            </label>
            <select id="auction-sort" className={selectClass} value={sort} onChange={(e) => setSort(e.target.value as AuctionSort)}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <label className="sr-only" htmlFor="auction-status">
              Status
            </label>
            <select id="auction-status" className={selectClass} value={status} onChange={(e) => setStatus(e.target.value)}>
              {AUCTION_STATUS_FILTERS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <div className="flex rounded-md border border-line" role="group" aria-label="View">
              <Button
                variant="ghost"
                size="icon"
                aria-label="Grid view"
                aria-pressed={view === 'grid'}
                className={cn('rounded-r-none', view === 'grid' && 'bg-black/10')}
                onClick={() => setView('grid')}
              >
                <Grid2x2 aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Table view"
                aria-pressed={view === 'table'}
                className={cn('rounded-l-none', view === 'table' && 'bg-black/10')}
                onClick={() => setView('table')}
              >
                <List aria-hidden className="size-4" />
              </Button>
            </div>
          </div>
        </div>

        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="mt-6 focus-visible:outline-none">
            {auctions.isLoading ? (
              <LoadingGrid />
            ) : auctions.isError ? (
              <Card className="p-8 text-center">
                <p className="font-medium">We could not load the auctions.</p>
                <p className="mt-1 text-sm text-muted">{errorMessage(auctions.error)}</p>
                <Button variant="outline" className="mt-4" onClick={() => void auctions.refetch()}>
                  Try again
                </Button>
              </Card>
            ) : (
              <>
                <AuctionResults auctions={filterByTab(all, t.value, now)} view={view} now={now} empty={t.empty} />
                {auctions.hasNextPage && (
                  <div className="mt-6 text-center">
                    <Button variant="outline" onClick={() => void auctions.fetchNextPage()} disabled={auctions.isFetchingNextPage}>
                      {auctions.isFetchingNextPage ? 'Loading...' : 'Load more auctions'}
                    </Button>
                  </div>
                )}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageContainer>
  );
}

function StatCard({ icon, label, value, loading }: { icon: ReactNode; label: string; value: number; loading: boolean }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="hidden rounded-md bg-racing-soft p-2 text-racing sm:inline-flex">{icon}</span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        {loading ? (
          <span className="mt-1 block h-6 w-10 animate-pulse rounded bg-black/10" />
        ) : (
          <p className="tabular text-2xl font-bold">{formatGrouped(value)}</p>
        )}
      </div>
    </Card>
  );
}

function LoadingGrid() {
  return (
    <div role="status" aria-label="Loading auctions" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <Card key={i} className="overflow-hidden">
          <div className="aspect-[4/3] animate-pulse bg-black/10" />
          <div className="grid gap-2 p-4">
            <div className="h-5 w-3/4 animate-pulse rounded bg-black/10" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-black/10" />
          </div>
        </Card>
      ))}
    </div>
  );
}

function AuctionResults({ auctions, view, now, empty }: { auctions: AuctionDto[]; view: 'grid' | 'table'; now: number; empty: string }) {
  if (auctions.length === 0) {
    return (
      <Card className="p-10 text-center">
        <Gavel aria-hidden className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-medium">{empty}</p>
        <p className="mt-1 text-sm text-muted">Check back soon, or browse parts for sale now.</p>
        <ButtonLink to="/search" variant="outline" className="mt-4">
          Browse Parts
        </ButtonLink>
      </Card>
    );
  }
  if (view === 'table') return <AuctionTable auctions={auctions} now={now} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {auctions.map((a) => (
        <li key={a.id}>
          <AuctionCard auction={a} now={now} />
        </li>
      ))}
    </ul>
  );
}

function AuctionCard({ auction, now }: { auction: AuctionDto; now: number }) {
  const photo = auctionPhotos(auction)[0];
  const condition = shortConditionLabel(auction.condition);
  const hasBids = Number(auction.totalBids) > 0;
  return (
    <Link
      to={`/auctions/${auction.id}`}
      className="group block h-full overflow-hidden rounded-lg border border-line bg-surface shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] bg-black/5">
        <Photo src={photo?.thumb} alt={photo?.alt} loading="lazy" />
        <span className="absolute top-2 left-2">
          <AuctionStatusBadge auction={auction} now={now} className="shadow-sm" />
        </span>
      </div>
      <div className="grid gap-2 p-4">
        <h2 className="line-clamp-2 font-semibold group-hover:text-racing">{auction.title}</h2>
        <p className="flex flex-wrap gap-x-3 text-xs text-muted">
          {auction.partNumber && <span className="font-mono">{auction.partNumber}</span>}
          {condition && <span>{condition}</span>}
        </p>
        <div className="mt-1 flex items-end justify-between gap-2 border-t border-line pt-3">
          <div>
            <p className="text-xs text-muted">{hasBids ? 'Current bid' : 'Starting bid'}</p>
            <p className="tabular text-lg font-bold">{formatUsdCents(hasBids ? auction.currentBid : auction.startingBid)}</p>
            <p className="tabular text-xs text-muted">
              {formatGrouped(auction.totalBids)} {Number(auction.totalBids) === 1 ? 'bid' : 'bids'}
            </p>
          </div>
          <AuctionClock auction={auction} now={now} className="text-sm" />
        </div>
      </div>
    </Link>
  );
}

function AuctionTable({ auctions, now }: { auctions: AuctionDto[]; now: number }) {
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm">
        <thead className="border-b border-line text-left text-muted">
          <tr>
            <th scope="col" className="p-3 font-medium">Auction</th>
            <th scope="col" className="p-3 text-right font-medium">Current Bid</th>
            <th scope="col" className="p-3 text-right font-medium">Bids</th>
            <th scope="col" className="p-3 text-right font-medium">Watchers</th>
            <th scope="col" className="p-3 font-medium">Time Left</th>
            <th scope="col" className="p-3 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {auctions.map((a) => (
            <tr key={a.id} className="border-b border-line last:border-0 hover:bg-paper">
              <td className="p-3">
                <Link to={`/auctions/${a.id}`} className="font-medium hover:text-racing hover:underline">
                  {a.title}
                </Link>
                {a.partNumber && <span className="block font-mono text-xs text-muted">{a.partNumber}</span>}
              </td>
              <td className="tabular p-3 text-right font-semibold">
                {formatUsdCents(Number(a.totalBids) > 0 ? a.currentBid : a.startingBid)}
              </td>
              <td className="tabular p-3 text-right">{formatGrouped(a.totalBids)}</td>
              <td className="tabular p-3 text-right">{formatGrouped(a.watchers)}</td>
              <td className="p-3">
                <AuctionClock auction={a} now={now} />
              </td>
              <td className="p-3">
                <AuctionStatusBadge auction={a} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
