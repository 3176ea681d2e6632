import { Pencil, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { Photo } from '../../components/Photo';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatDate, formatUsdCents } from '../../lib/format';
import type { PartDto } from '../../../modules/catalog/part.dto';
import {
  ACTION_LABEL,
  confirmText,
  LISTING_FILTERS,
  LISTING_STATUS_VIEW,
  listingActions,
  LISTINGS_PAGE_SIZE,
  readListingsSearch,
  relistedText,
  sellerListingStatus,
  writeListingsSearch,
  type ListingsSearch,
} from './myListings';
import { useListingAction, useMyListings } from './myListings.api';
import { ConfirmAction, FilterTabs, ListSearch, SellerPagedList, StatusPill } from './SellerListParts';

/** /my-listings: every listing of the signed-in seller, by state, searchable and paged; the router guards it (seller role). */
export function MyListingsPage() {
  const [params, setParams] = useSearchParams();
  const search = readListingsSearch(params);
  const listings = useMyListings(search);
  const go = (next: Partial<ListingsSearch>) => setParams(writeListingsSearch({ ...search, page: 1, ...next }));
  const filtered = search.status !== 'all' || search.q !== '';

  return (
    <PageContainer className="grid gap-6" title="My Listings">
      <PageHeader
        back={{ to: '/seller-dashboard', label: 'Seller Dashboard' }}
        title="My Listings"
        intro="Edit, withdraw, relist or mark your parts sold."
        actions={
          <ButtonLink to="/sell">
            <Plus aria-hidden className="size-4" /> List a Part
          </ButtonLink>
        }
      />

      <div className="grid gap-3 md:flex md:items-center md:justify-between">
        <FilterTabs label="Filter by status" options={LISTING_FILTERS} value={search.status} onChange={(status) => go({ status })} />
        <ListSearch key={search.q} label="Search your listings" initial={search.q} onSearch={(q) => go({ q })} />
      </div>

      <SellerPagedList
        query={listings}
        loadingLabel="Loading your listings..."
        errorText="Your listings could not be loaded."
        filtered={filtered}
        noMatchText="No listings match these filters."
        showAllLabel="Show all listings"
        onShowAll={() => setParams(new URLSearchParams())}
        emptyText="You have not listed any parts yet."
        emptyAction={<ButtonLink to="/sell">List a Part</ButtonLink>}
        listLabel="Your listings"
        renderRow={(part) => <ListingRow key={part.id} part={part} />}
        page={search.page}
        pageSize={LISTINGS_PAGE_SIZE}
        onPage={(page) => setParams(writeListingsSearch({ ...search, page }))}
      />
    </PageContainer>
  );
}

function ListingRow({ part }: { part: PartDto }) {
  const status = sellerListingStatus(part);
  const view = LISTING_STATUS_VIEW[status];
  const actions = listingActions(status, Boolean(part.activeAuctionId));
  const act = useListingAction();
  const photo = part.images.find((i) => i.isPrimary) ?? part.images[0];
  // Withdrawn listings have no public page, even for their seller.
  const linkable = status !== 'withdrawn';

  function run(action: 'withdraw' | 'relist' | 'mark-sold') {
    act.mutate(
      { id: part.id, action },
      {
        onSuccess: (saved) =>
          toast({ title: ACTION_LABEL[action].done, description: action === 'relist' ? relistedText(saved) : part.title }),
        onError: (error) => toast({ title: 'Error', description: describeError(error).message, variant: 'destructive' }),
      },
    );
  }
  const pendingLabel = (action: 'withdraw' | 'relist' | 'mark-sold') =>
    act.isPending && act.variables?.action === action ? ACTION_LABEL[action].pending : ACTION_LABEL[action].label;

  return (
    <li aria-label={part.title} className="grid gap-3 rounded-lg border border-line bg-surface p-3 sm:flex sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded bg-paper sm:w-32">
          <Photo src={photo?.thumbnailUrl ?? photo?.url} alt={photo?.altText ?? ''} loading="lazy" iconClassName="size-6" />
        </div>
        <div className="grid min-w-0 content-start gap-1">
          <div className="flex flex-wrap items-center gap-2">
            {linkable ? (
              <Link to={`/parts/${part.id}`} className="truncate font-semibold hover:underline">
                {part.title}
              </Link>
            ) : (
              <span className="truncate font-semibold">{part.title}</span>
            )}
            <StatusPill label={view.label} className={view.className} />
          </div>
          {part.partNumber && <p className="truncate font-mono text-xs text-muted">{part.partNumber}</p>}
          <p className="text-sm">
            <span className="tabular font-semibold">{formatUsdCents(part.price)}</span>
            <span className="text-muted"> · Listed {formatDate(part.createdAt)}</span>
            {part.soldAt && <span className="text-muted"> · Sold {formatDate(part.soldAt)}</span>}
          </p>
          {part.activeAuctionId && (
            <p className="text-sm">
              <Link to={`/auctions/${part.activeAuctionId}`} className="font-medium text-racing hover:underline">
                In an auction
              </Link>
              <span className="text-muted"> · buyers bid on it there</span>
            </p>
          )}
          {status === 'rejected' && part.rejectionReason && (
            <p className="text-sm text-racing">
              Not approved: {part.rejectionReason} Edit the listing to send it for review again.
            </p>
          )}
        </div>
      </div>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {actions.includes('edit') && (
            <ButtonLink to={`/my-listings/${part.id}/edit`} variant="outline" size="sm" aria-label={`Edit ${part.title}`}>
              <Pencil aria-hidden className="size-4" /> Edit
            </ButtonLink>
          )}
          {actions.includes('relist') && (
            <Button size="sm" disabled={act.isPending} onClick={() => run('relist')} aria-label={`Relist ${part.title}`}>
              {pendingLabel('relist')}
            </Button>
          )}
          {(['mark-sold', 'withdraw'] as const)
            .filter((action) => actions.includes(action))
            .map((action) => {
              const text = confirmText(action, part.title);
              return (
                <ConfirmAction
                  key={action}
                  title={text.title}
                  description={text.description}
                  confirmLabel={ACTION_LABEL[action].label}
                  onConfirm={() => run(action)}
                  trigger={
                    <Button variant="outline" size="sm" disabled={act.isPending} aria-label={`${ACTION_LABEL[action].label} ${part.title}`}>
                      {pendingLabel(action)}
                    </Button>
                  }
                />
              );
            })}
        </div>
      )}
    </li>
  );
}
