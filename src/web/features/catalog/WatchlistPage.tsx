import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart, MapPin, Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { AccessGuard } from '../../components/AccessGuard';
import { Button, ButtonLink } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { apiRequest, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, formatUsd, formatUsdCents } from '../../lib/format';
import { editCachedWatchlist, useCategories, useWatchlist, WATCHLIST_KEY } from './catalog.api';
import { FilterSelect, slugOptions } from './FilterSelect';
import { PartCardPhoto, PartCardSkeleton } from './PartCard';
import { conditionLabel } from './partFormat';
import { categoryName } from './searchFilters';
import { applyWatchlistView, WATCHLIST_SORTS, watchlistSummary, type WatchlistSort } from './watchlistView';
import type { WatchlistEntryDto } from '../../../modules/catalog/part.dto';

const REMOVE_FAILED = 'Error: Failed to remove part from watchlist.';

/** /watchlist for signed-in users. */
export function WatchlistPage() {
  return (
    <AccessGuard>
      <Watchlist />
    </AccessGuard>
  );
}

function Watchlist() {
  const queryClient = useQueryClient();
  const categories = useCategories();
  const { data, isPending, isError, error, refetch } = useWatchlist();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [sort, setSort] = useState<WatchlistSort>('date');
  const [removeError, setRemoveError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/watchlist/${id}`, { method: 'DELETE' }),
    onMutate: () => setRemoveError(null),
    onSuccess: (_result, id) => {
      editCachedWatchlist(queryClient, (entries) => entries.filter((e) => e.id !== id));
      void queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY });
    },
    onError: () => setRemoveError(REMOVE_FAILED),
  });

  const entries = data ?? [];
  const visible = applyWatchlistView(entries, { search, category, sort });
  const summary = watchlistSummary(entries);
  const usedCategories = (categories.data ?? []).filter((c) => entries.some((e) => e.partCategory === c.slug));

  return (
    <PageContainer title="My Watchlist">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Watchlist</h1>
          <p className="text-muted">Parts you are keeping an eye on.</p>
        </div>
        <ButtonLink to="/search" variant="outline">
          <Search aria-hidden className="size-4" /> Browse Parts
        </ButtonLink>
      </header>

      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading watchlist">
          {Array.from({ length: 6 }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="grid justify-items-center gap-4 rounded-lg border border-line bg-surface p-10 text-center">
          <p className="font-semibold">Your watchlist could not be loaded.</p>
          <p className="text-sm text-muted">{errorMessage(error)}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-line p-12 text-center">
          <Heart aria-hidden className="size-10 text-muted" />
          <p className="text-lg font-semibold">Your watchlist is empty</p>
          <p className="max-w-md text-muted">Save parts you are interested in and they will show up here.</p>
          <ButtonLink to="/search">Browse Parts</ButtonLink>
        </div>
      ) : (
        <>
          <section aria-label="Watchlist summary" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <SummaryTile label="Watched parts" value={String(summary.count)} />
            <SummaryTile label="Still available" value={String(summary.available)} />
            <SummaryTile label="Total value" value={formatUsdCents(summary.totalCents / 100)} />
          </section>

          <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_14rem_14rem]">
            <div className="grid gap-1.5">
              <label htmlFor="watchlist-search" className="text-sm font-medium">
                Search watchlist
              </label>
              <input
                id="watchlist-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Search by title or description..."
                className={inputClass}
              />
            </div>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={slugOptions('All Categories', usedCategories)} />
            <FilterSelect
              label="Sort by"
              value={sort}
              onChange={(v) => setSort(v as WatchlistSort)}
              options={WATCHLIST_SORTS}
            />
          </div>

          {removeError && (
            <p role="alert" className="mb-4 rounded-md border border-racing bg-racing-soft p-3 text-sm font-medium text-racing-dark">
              {removeError}
            </p>
          )}

          {visible.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line p-8 text-center text-muted">
              No watched parts match your search.
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visible.map((entry) => (
                <li key={entry.id}>
                  <WatchlistCard
                    entry={entry}
                    category={categoryName(categories.data, entry.partCategory)}
                    removing={remove.isPending && remove.variables === entry.id}
                    disabled={remove.isPending}
                    onRemove={() => remove.mutate(entry.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PageContainer>
  );
}

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="tabular text-2xl font-bold">{value}</p>
    </div>
  );
}

interface WatchlistCardProps {
  entry: WatchlistEntryDto;
  category: string;
  removing: boolean;
  disabled: boolean;
  onRemove: () => void;
}

function WatchlistCard({ entry, category, removing, disabled, onRemove }: WatchlistCardProps) {
  return (
    <article
      className={cn('flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm', !entry.isPartAvailable && 'opacity-75')}
    >
      <PartCardPhoto image={entry.partImage} title={entry.partTitle} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1 text-xs">
          <span className="rounded-sm border border-line px-2 py-0.5">{category}</span>
          <span className="rounded-sm border border-line px-2 py-0.5">{conditionLabel(entry.partCondition)}</span>
          {!entry.isPartAvailable && <span className="rounded-sm bg-racing-soft px-2 py-0.5 font-medium text-racing-dark">No longer available</span>}
        </div>
        <h2 className="line-clamp-2 font-semibold">
          <Link to={`/parts/${entry.partId}`} className="hover:text-racing hover:underline">
            {entry.partTitle}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-muted">{entry.partDescription}</p>
        <p className="tabular text-xl font-bold">{formatUsd(entry.partPrice)}</p>
        <p className="flex items-center gap-1 text-xs text-muted">
          <MapPin aria-hidden className="size-3" /> {entry.partLocation}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <p className="text-xs text-muted">Added {formatDate(entry.createdAt)}</p>
          <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove} aria-label={`Remove ${entry.partTitle} from watchlist`}>
            <Trash2 aria-hidden className="size-4" /> {removing ? 'Removing...' : 'Remove'}
          </Button>
        </div>
      </div>
    </article>
  );
}
