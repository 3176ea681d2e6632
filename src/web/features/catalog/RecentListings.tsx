import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, FilterX } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { errorMessage, listQueryFn } from '../../lib/api';
import { useCategories, useMakes } from './catalog.api';
import { FilterSelect, slugOptions } from './FilterSelect';
import { PartCard, PartCardSkeleton } from './PartCard';
import { PartsTable } from './PartsTable';
import { ALL, resultsText } from './searchFilters';
import { ViewToggle, type ViewMode } from './ViewToggle';
import type { PartDto } from '../../../modules/catalog/part.dto';

/** Spec 000 §9: Recent Listings shows 12 parts and 6 skeletons. */
export const RECENT_LIMIT = 12;
const RECENT_SKELETONS = 6;

/** The newest parts, filterable by category and make, as a grid or a table. */
export function RecentListings() {
  const [view, setView] = useState<ViewMode>('grid');
  const [category, setCategory] = useState(ALL);
  const [make, setMake] = useState(ALL);
  const categories = useCategories();
  const makes = useMakes();
  const filtered = category !== ALL || make !== ALL;
  const { data, isLoading, isError, error } = useQuery({
    queryKey: [
      '/api/parts',
      { limit: RECENT_LIMIT, category: category === ALL ? undefined : category, make: make === ALL ? undefined : make },
    ],
    queryFn: listQueryFn<PartDto>(),
  });
  const parts = data?.items ?? [];
  const clear = () => {
    setCategory(ALL);
    setMake(ALL);
  };

  return (
    <section aria-labelledby="recent-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="recent-title" className="text-2xl font-bold tracking-tight">
            Recent Listings
          </h2>
          {!isLoading && !isError && (
            <p className="text-sm text-muted" aria-live="polite">
              {resultsText(parts.length)}
            </p>
          )}
        </div>
        <Link to="/search" className="inline-flex items-center gap-1 text-sm font-medium text-racing hover:underline">
          View all <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>

      <div className="mb-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Category"
          className="w-full sm:w-56"
          value={category}
          onChange={setCategory}
          options={slugOptions('All Categories', categories.data)}
        />
        <FilterSelect
          label="Make"
          className="w-full sm:w-56"
          value={make}
          onChange={setMake}
          options={slugOptions('All Makes', makes.data)}
        />
        {filtered && (
          <Button variant="outline" onClick={clear}>
            <FilterX aria-hidden className="size-4" /> Clear Filters
          </Button>
        )}
        <div className="sm:ml-auto">
          <ViewToggle value={view} onChange={setView} />
        </div>
      </div>

      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label="Loading listings">
          {Array.from({ length: RECENT_SKELETONS }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-lg border border-line bg-surface p-8 text-center text-muted">
          Recent listings could not be loaded: {errorMessage(error)}
        </p>
      ) : parts.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-line p-10 text-center">
          <p className="text-muted">No listings found matching your filters</p>
          {filtered && (
            <Button variant="outline" onClick={clear}>
              Clear all filters
            </Button>
          )}
        </div>
      ) : view === 'grid' ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {parts.map((part) => (
            <PartCard key={part.id} part={part} />
          ))}
        </div>
      ) : (
        <PartsTable parts={parts} price="grouped" caption="Recent listings" />
      )}

      <div className="mt-8 flex justify-center">
        <ButtonLink to="/search" variant="outline" size="lg">
          Load More Listings
        </ButtonLink>
      </div>
    </section>
  );
}
