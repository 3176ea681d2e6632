import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Gavel, Package, Plus, RotateCcw, ShieldCheck, Star, Store, Truck, Wallet } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { MessageCard } from '../../components/MessageCard';
import { buildQueryUrl, fetchListPage, listQueryFn } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, formatGrouped, formatUsd, formatUsdCents } from '../../lib/format';
import { useAuth } from '../accounts/useAuth';
import { formatRating } from './reputation';
import {
  STATUS_BADGE_CLASS,
  STATUS_LABEL,
  accountStatus,
  latest,
  listingApprovalLabel,
  partListingStatus,
  type ListingStatus,
} from './sellerDashboard';
import { EditStorefrontForm } from './EditStorefrontForm';
import { useSellerByUser, useSellerReputation, useSellerStorefront } from './sellers.api';
import type { SellerDto } from '../../../modules/sellers/seller.dto';
import type { PartDto } from '../../../modules/catalog/part.dto';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { headlinePrice } from '../auctions/auctionRules';
import { AuctionStatusBadge } from '../auctions/AuctionStatusBadge';
import { useNow } from '../auctions/useNow';
import { SellerOffersPanel } from '../offers/SellerOffersPanel';
import { SellerReturnsPanel } from '../returns/SellerReturnsPanel';

/** Rows per dashboard table (spec 001 §9). */
export const DASHBOARD_ROWS = 5;

/** /seller-dashboard; the router wraps it in the seller AccessGuard (spec 001 §2, §6). */
export function SellerDashboard() {
  const { user } = useAuth();
  const seller = useSellerByUser(user?.id);

  if (seller.isLoading) return <DashboardSkeleton />;
  if (seller.isError) {
    return (
      <MessageCard
        title="Dashboard Unavailable"
        description="We could not load your seller account. Please try again in a moment."
      >
        <ButtonLink to="/">Back to Home</ButtonLink>
      </MessageCard>
    );
  }
  if (!seller.data || !user) return <SellerAccountRequired />;
  return <Dashboard seller={seller.data} userId={user.id} />;
}

/** Shown to a seller-role user without a seller record (spec 001 §2). */
export function SellerAccountRequired() {
  return (
    <MessageCard
      icon={Store}
      title="Seller Account Required"
      description="You need an approved seller account to list parts and run auctions."
    >
      <ButtonLink to="/register-seller">Become a Seller</ButtonLink>
    </MessageCard>
  );
}

function Dashboard({ seller, userId }: { seller: SellerDto; userId: string }) {
  const parts = useQuery({
    queryKey: ['/api/parts', { sellerId: userId, sort: 'newest', limit: DASHBOARD_ROWS }],
    queryFn: listQueryFn<PartDto>(),
  });
  // Auction failures count as "no auctions": the dashboard still shows the rest.
  const auctions = useQuery({
    queryKey: ['/api/auctions', { sellerId: userId, sort: 'createdAt', order: 'desc', limit: DASHBOARD_ROWS }],
    queryFn: async ({ queryKey, signal }) => {
      try {
        return (await fetchListPage<AuctionDto>(buildQueryUrl(queryKey), signal)).items;
      } catch {
        return [];
      }
    },
  });
  const activeAuctionCount = useQuery({
    queryKey: ['/api/auctions', { sellerId: userId, status: 'active', limit: 1 }],
    queryFn: async ({ queryKey, signal }) => {
      try {
        return (await fetchListPage<AuctionDto>(buildQueryUrl(queryKey), signal)).total;
      } catch {
        return 0;
      }
    },
  });
  const reputation = useSellerReputation(seller.id);
  const storefront = useSellerStorefront(seller.id);
  // The auctions' badges follow the clock (Ending Soon, Ended).
  const now = useNow(30_000);

  const partRows = parts.data?.items ?? [];
  const auctionRows = latest(auctions.data ?? [], DASHBOARD_ROWS);
  const status = accountStatus(seller.status);

  return (
    <PageContainer className="grid grid-cols-[minmax(0,1fr)] gap-6" title="Seller Dashboard">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Welcome back, {seller.businessName}</h1>
          <p className="text-sm text-muted">Your listings, auctions and storefront at a glance.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/my-listings" variant="outline">
            <Package aria-hidden className="size-4" /> My Listings
          </ButtonLink>
          <ButtonLink to="/my-auctions" variant="outline">
            <Gavel aria-hidden className="size-4" /> My Auctions
          </ButtonLink>
          <ButtonLink to="/my-sales" variant="outline">
            <Truck aria-hidden className="size-4" /> Sales to ship
          </ButtonLink>
          <ButtonLink to="/my-returns" variant="outline">
            <RotateCcw aria-hidden className="size-4" /> Returns
          </ButtonLink>
          <ButtonLink to="/payouts" variant="outline">
            <Wallet aria-hidden className="size-4" /> Payouts &amp; Earnings
          </ButtonLink>
          <ButtonLink to="/sell">
            <Plus aria-hidden className="size-4" /> Create Listing
          </ButtonLink>
        </div>
      </header>

      <Card
        className={cn(
          'flex flex-wrap items-center gap-4 p-4',
          status.tone === 'green' ? 'border-green-200 bg-green-50' : 'border-yellow-200 bg-yellow-50',
        )}
        aria-label="Account status"
      >
        <ShieldCheck aria-hidden className={cn('size-8', status.tone === 'green' ? 'text-green-700' : 'text-yellow-700')} />
        <div className="grid gap-0.5">
          <p className="text-sm text-muted">Account Status</p>
          <p className={cn('text-lg font-semibold', status.tone === 'green' ? 'text-green-800' : 'text-yellow-800')}>{status.label}</p>
        </div>
        <span className="ml-auto rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium">
          {listingApprovalLabel(seller.requiresListingApproval)}
        </span>
      </Card>

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={<Package aria-hidden className="size-5" />}
          label="Total Listings"
          value={parts.isLoading ? null : formatGrouped(parts.data?.total ?? 0)}
        />
        <StatCard
          icon={<Gavel aria-hidden className="size-5" />}
          label="Active Auctions"
          value={activeAuctionCount.isLoading ? null : formatGrouped(activeAuctionCount.data ?? 0)}
        />
        <StatCard
          icon={<Star aria-hidden className="size-5" />}
          label="Average Rating"
          value={
            reputation.isLoading
              ? null
              : reputation.data
                ? formatRating(reputation.data.overallRating, reputation.data.totalReviews)
                : 'No ratings yet'
          }
          note={reputation.data?.totalReviews ? `${formatGrouped(reputation.data.totalReviews)} reviews` : undefined}
        />
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <TableCard
          title="Latest Listings"
          more={{ to: '/my-listings', label: 'View all listings' }}
          loading={parts.isLoading}
          error={parts.isError ? 'Your listings could not be loaded.' : null}
          empty={partRows.length === 0}
          emptyText="You have not listed any parts yet."
          emptyAction={<ButtonLink to="/sell">List a Part</ButtonLink>}
          head={[['Title', 'left'], ['Price', 'right'], ['Listed', 'left'], ['Status', 'left']]}
        >
          {partRows.map((part) => (
            <Row key={part.id} to={`/parts/${part.id}`} label={part.title}>
              <td className="px-3 py-2 text-right tabular">{formatUsd(part.price)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-muted">{formatDate(part.createdAt)}</td>
              <td className="px-3 py-2">
                <StatusBadge status={partListingStatus(part)} />
              </td>
            </Row>
          ))}
        </TableCard>

        <TableCard
          title="Latest Auctions"
          more={{ to: '/my-auctions', label: 'View all auctions' }}
          loading={auctions.isLoading}
          error={null}
          empty={auctionRows.length === 0}
          emptyText="You have no auctions yet."
          emptyAction={<ButtonLink to="/schedule-auction">Schedule an Auction</ButtonLink>}
          head={[['Title', 'left'], ['Current Bid', 'right'], ['Bids', 'right'], ['Status', 'left']]}
        >
          {auctionRows.map((auction) => (
            <Row key={auction.id} to={`/auctions/${auction.id}`} label={auction.title}>
              <td className="px-3 py-2 text-right tabular">{formatUsdCents(headlinePrice(auction).amount)}</td>
              <td className="px-3 py-2 text-right tabular">{formatGrouped(auction.totalBids)}</td>
              <td className="px-3 py-2">
                <AuctionStatusBadge auction={auction} now={now} />
              </td>
            </Row>
          ))}
        </TableCard>
      </div>

      <SellerOffersPanel />

      <SellerReturnsPanel />

      {storefront.data ? (
        <EditStorefrontForm key={storefront.data.id} storefront={storefront.data} />
      ) : storefront.isLoading ? (
        <div className="h-40 animate-pulse rounded-lg bg-line" aria-hidden />
      ) : (
        <Card className="p-6 text-sm text-muted">Your storefront is created when your seller account is approved.</Card>
      )}
    </PageContainer>
  );
}

function StatCard({ icon, label, value, note }: { icon: ReactNode; label: string; value: string | null; note?: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="flex items-center gap-2 text-sm text-muted">
        <span className="text-racing">{icon}</span>
        {label}
      </p>
      {value === null ? (
        <div className="h-8 w-16 animate-pulse rounded bg-line" aria-label={`Loading ${label}`} />
      ) : (
        <p className="text-2xl font-bold tabular">{value}</p>
      )}
      {note && <p className="text-xs text-muted">{note}</p>}
    </Card>
  );
}

export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <span className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_BADGE_CLASS[status])}>
      {STATUS_LABEL[status]}
    </span>
  );
}

interface TableCardProps {
  title: string;
  /** A link to the full list, beside the title. */
  more?: { to: string; label: string };
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
  emptyAction: ReactNode;
  head: Array<[label: string, align: 'left' | 'right']>;
  children: ReactNode;
}

function TableCard({ title, more, loading, error, empty, emptyText, emptyAction, head, children }: TableCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {more && (
          <Link to={more.to} className="text-sm font-medium text-racing hover:underline">
            {more.label}
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-2" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
            {Array.from({ length: DASHBOARD_ROWS }, (_, i) => (
              <div key={i} className="h-9 animate-pulse rounded bg-line" />
            ))}
          </div>
        ) : error ? (
          <p className="text-sm text-racing">{error}</p>
        ) : empty ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted">{emptyText}</p>
            {emptyAction}
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line text-left text-xs text-muted uppercase">
                  {head.map(([label, align]) => (
                    <th key={label} scope="col" className={cn('px-3 py-2 font-medium', align === 'right' && 'text-right')}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{children}</tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** A table row that opens `to` when clicked; the title is also a real link for keyboards and screen readers. */
function Row({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <tr className="cursor-pointer border-b border-line last:border-0 hover:bg-paper" onClick={() => void navigate(to)}>
      <td className="max-w-48 truncate px-3 py-2 font-medium">
        <Link to={to} onClick={(e) => e.stopPropagation()} className="hover:underline">
          {label}
        </Link>
      </td>
      {children}
    </tr>
  );
}

function DashboardSkeleton() {
  return (
    <PageContainer className="grid gap-6">
      <span role="status" className="sr-only">
        Loading...
      </span>
      <div className="h-9 w-72 animate-pulse rounded bg-line" />
      <div className="h-20 animate-pulse rounded-lg bg-line" />
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg bg-line" />
        ))}
      </div>
    </PageContainer>
  );
}
