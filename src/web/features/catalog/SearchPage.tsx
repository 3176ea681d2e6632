import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SlidersHorizontal, Sparkles, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { buildQueryUrl, errorMessage, fetchListPage, type ListPage } from '../../lib/api';
import { useCategories, useMakes } from './catalog.api';
import { FilterSelect, slugOptions } from './FilterSelect';
import { PartCard, PartCardSkeleton } from './PartCard';
import { useSearchResultsActivity } from '../analytics/useListingActivity';
import { PartsTable } from './PartsTable';
import { CategoryFeaturedListings } from '../featured/FeaturedListings';
import {
  ALL,
  categoryName,
  correctedQueryOf,
  effectiveSort,
  featuredCategoryDescription,
  filtersToParams,
  hasAnyFilter,
  isCategoryOnly,
  nextCursorOf,
  noPartsText,
  partsFoundText,
  readFilters,
  readSort,
  searchHeading,
  sortOptions,
  sortParam,
  totalIsExact,
  unmatchedWordsOf,
  withFilter,
  YEAR_FROM_OPTIONS,
  YEAR_TO_OPTIONS,
  type FilterKey,
  type SearchFilters,
  type SearchSort,
} from './searchFilters';
import { ViewToggle, type ViewMode } from './ViewToggle';
import { SaveSearchButton } from '../garage/SaveSearchButton';
import { VehiclePicker } from '../garage/VehiclePicker';
import type { CategoryDto, MakeDto, PartDto } from '../../../modules/catalog/part.dto';

/** Parts per page of results. */
export const SEARCH_PAGE_SIZE = 24;
/** Spec 000 §9: skeletons while the search loads. */
const SEARCH_SKELETONS = 9;

/** /search: results for the filters in the address, which stays in sync as filters change. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const sort = readSort(params);
  const [view, setView] = useState<ViewMode>('grid');
  const [sheetOpen, setSheetOpen] = useState(false);
  const categories = useCategories();
  const makes = useMakes();

  // The chosen order stays through filter changes and "Clear all": it is not a filter.
  const apply = (next: SearchFilters, nextSort = sort) => setParams(filtersToParams(next, nextSort), { preventScrollReset: true });
  const setFilter = (key: FilterKey, value: string) => apply(withFilter(filters, key, value));
  const clearAll = () => apply({});

  const query = useInfiniteQuery({
    queryKey: ['/api/parts', { ...filters, sort: sortParam(filters, sort), limit: SEARCH_PAGE_SIZE }],
    // Keyset paging: each page asks for the parts after the last one's cursor (X-Next-Cursor), so "Load More
    // Parts" costs the same on the fortieth page as on the second, and a part listed meanwhile is not shown twice.
    initialPageParam: undefined as string | undefined,
    queryFn: ({ queryKey, pageParam, signal }) => {
      const [path, keyParams] = queryKey as [string, Record<string, unknown>];
      return fetchListPage<PartDto>(buildQueryUrl([path, { ...keyParams, after: pageParam }]), signal);
    },
    getNextPageParam: (last: ListPage<PartDto>) => nextCursorOf(last.headers),
  });
  const pages = query.data?.pages ?? [];
  const parts = pages.flatMap((p) => p.items);
  const onResultClick = useSearchResultsActivity(parts.map((p) => p.id));
  const total = pages[0]?.total ?? 0;
  const exact = pages[0] ? totalIsExact(pages[0].headers) : true;
  const corrected = pages[0] ? correctedQueryOf(pages[0].headers) : null;
  const noParts = noPartsText(filters.q, pages[0] ? unmatchedWordsOf(pages[0].headers) : []);
  const heading = searchHeading(filters, categories.data, makes.data);
  const loadMoreError = query.isFetchNextPageError ? errorMessage(query.error) : null;

  return (
    <PageContainer title={heading}>
      <header className="mb-6 grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
        {query.isSuccess && (
          <p className="text-muted" aria-live="polite">
            {partsFoundText(total, exact)}
          </p>
        )}
        {corrected && filters.q && (
          <p className="text-sm text-muted">
            Showing results for <strong className="text-ink">&ldquo;{corrected}&rdquo;</strong>
          </p>
        )}
      </header>

      {isCategoryOnly(filters) && filters.category && (
        <FeaturedCategoryBlock
          slug={filters.category}
          name={categoryName(categories.data, filters.category)}
          categoryId={categories.data?.find((c) => c.slug === filters.category)?.id}
        />
      )}

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="sticky top-24 rounded-lg border border-line bg-surface p-4">
            <FilterPanel filters={filters} categories={categories.data} makes={makes.data} onChange={setFilter} onClear={clearAll} />
          </div>
        </aside>

        <section className="min-w-0" aria-labelledby="search-results-heading" onClickCapture={onResultClick}>
          {/* The cards' titles are h3: this keeps the outline whole where the filter panel (h2) is hidden. */}
          <h2 id="search-results-heading" className="sr-only">
            Results
          </h2>
          <VehiclePicker value={filters.fitsVehicle} onChange={(id) => setFilter('fitsVehicle', id)} />
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
              <Dialog.Trigger asChild>
                <Button variant="outline" className="lg:hidden">
                  <SlidersHorizontal aria-hidden className="size-4" /> Filters
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
                <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-lg bg-surface p-4 shadow-xl lg:hidden">
                  <div className="mb-4 flex items-center justify-between">
                    <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
                    <Dialog.Close aria-label="Close filters" className="grid size-10 place-items-center rounded-md hover:bg-paper">
                      <X aria-hidden className="size-5" />
                    </Dialog.Close>
                  </div>
                  <Dialog.Description className="sr-only">Narrow the parts by category, make and year</Dialog.Description>
                  <FilterPanel
                    filters={filters}
                    categories={categories.data}
                    makes={makes.data}
                    onChange={setFilter}
                    onClear={clearAll}
                    inSheet
                  />
                  <Button className="mt-4 w-full" onClick={() => setSheetOpen(false)}>
                    Show results
                  </Button>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            {/* Phones: Filters and the view toggle, then the order on a row of its own. */}
            <FilterSelect
              label="Sort by"
              inline
              className="order-last w-full sm:order-none sm:ml-auto sm:w-auto"
              value={effectiveSort(filters, sort)}
              onChange={(value) => apply(filters, value as SearchSort)}
              options={sortOptions(filters)}
            />
            <SaveSearchButton filters={filters} />
            <div className="ml-auto sm:ml-0">
              <ViewToggle value={view} onChange={setView} />
            </div>
          </div>

          {query.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading parts">
              {Array.from({ length: SEARCH_SKELETONS }, (_, i) => (
                <PartCardSkeleton key={i} />
              ))}
            </div>
          ) : query.isError && !query.data ? (
            <div role="alert" className="grid justify-items-center gap-4 rounded-lg border border-line bg-surface p-10 text-center">
              <p className="font-semibold">The parts could not be loaded.</p>
              <p className="text-sm text-muted">{errorMessage(query.error)}</p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : parts.length === 0 ? (
            <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-line p-10 text-center">
              <p className="text-lg font-semibold">{noParts.title}</p>
              {noParts.detail && <p className="text-sm text-muted">{noParts.detail}</p>}
              <Button variant="outline" onClick={clearAll}>
                Clear filters and browse all parts
              </Button>
            </div>
          ) : (
            <>
              {view === 'grid' ? (
                <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {parts.map((part) => (
                    <PartCard key={part.id} part={part} />
                  ))}
                </div>
              ) : (
                <PartsTable parts={parts} price="cents" caption={heading} />
              )}
              {query.hasNextPage && (
                <div className="mt-8 flex justify-center">
                  <Button
                    variant="outline"
                    size="lg"
                    disabled={query.isFetchingNextPage}
                    aria-busy={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    Load More Parts
                  </Button>
                </div>
              )}
              {loadMoreError && (
                <p role="alert" className="mt-4 text-center text-sm text-racing">
                  More parts could not be loaded: {loadMoreError}
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </PageContainer>
  );
}

interface FilterPanelProps {
  filters: SearchFilters;
  categories: CategoryDto[] | undefined;
  makes: MakeDto[] | undefined;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
  /** In the mobile sheet the dialog title already says "Filters". */
  inSheet?: boolean;
}

function FilterPanel({ filters, categories, makes, onChange, onClear, inSheet }: FilterPanelProps) {
  return (
    <div className="grid gap-4">
      <div className="flex min-h-6 items-center justify-between">
        {!inSheet && <h2 className="font-semibold">Filters</h2>}
        {hasAnyFilter(filters) && (
          <button type="button" onClick={onClear} className="text-sm font-medium text-racing hover:underline">
            Clear all
          </button>
        )}
      </div>
      <FilterSelect
        label="Category"
        value={filters.category ?? ALL}
        onChange={(v) => onChange('category', v)}
        options={slugOptions('All Categories', categories)}
      />
      <FilterSelect
        label="Make"
        value={filters.make ?? ALL}
        onChange={(v) => onChange('make', v)}
        options={slugOptions('All Makes', makes)}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Year Range</legend>
        <div className="grid grid-cols-2 gap-2">
          <FilterSelect
            label="Year From"
            value={filters.yearFrom ?? ALL}
            onChange={(v) => onChange('yearFrom', v)}
            options={withCurrent(YEAR_FROM_OPTIONS, filters.yearFrom)}
          />
          <FilterSelect
            label="Year To"
            value={filters.yearTo ?? ALL}
            onChange={(v) => onChange('yearTo', v)}
            options={withCurrent(YEAR_TO_OPTIONS, filters.yearTo)}
          />
        </div>
      </fieldset>
    </div>
  );
}

/** The options plus the address's value when it is not one of them (e.g. ?yearFrom=1967). */
function withCurrent(options: ReadonlyArray<{ value: string; label: string }>, current: string | undefined) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}

/** "Featured {category} Parts": shown when only a category is chosen. */
function FeaturedCategoryBlock({ slug, name, categoryId }: { slug: string; name: string; categoryId: string | undefined }) {
  return (
    <section aria-labelledby="featured-category-title" className="mb-8 rounded-lg border border-line bg-surface p-6">
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden className="mt-1 size-5 shrink-0 text-racing" />
        <div className="grid gap-1">
          <h2 id="featured-category-title" className="text-xl font-bold">
            Featured {name} Parts
          </h2>
          <p className="text-muted">{featuredCategoryDescription(slug, name)}</p>
        </div>
      </div>
      <CategoryFeaturedListings categoryId={categoryId} />
    </section>
  );
}

