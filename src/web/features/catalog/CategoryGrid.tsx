import { Link } from 'react-router';
import { Skeleton } from '../../components/Skeleton';
import { useCategories } from './catalog.api';
import { categoryIcon } from './categoryIcons';
import { searchUrl } from './searchFilters';

/** Spec 000 §9: category placeholders while loading. */
export const CATEGORY_PLACEHOLDERS = 20;

/** Every category with its icon, each linking to /search?category={slug}. */
export function CategoryGrid() {
  const { data, isLoading, isError } = useCategories();
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="categories-title" className="mb-6 text-2xl font-bold tracking-tight">
        Shop by Category
      </h2>
      {isLoading ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" aria-busy="true" aria-label="Loading categories">
          {Array.from({ length: CATEGORY_PLACEHOLDERS }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-24" />
            </li>
          ))}
        </ul>
      ) : isError || !data?.length ? (
        <p className="rounded-lg border border-dashed border-line p-8 text-center text-muted">No categories available</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {data.map((category) => {
            const Icon = categoryIcon(category.slug, category.icon);
            return (
              <li key={category.id}>
                <Link
                  to={searchUrl({ category: category.slug })}
                  className="flex h-full min-h-24 flex-col items-center justify-center gap-2 rounded-lg border border-line bg-surface p-4 text-center text-sm font-medium shadow-sm transition-colors hover:border-racing hover:text-racing"
                >
                  <Icon aria-hidden className="size-7" />
                  {category.name}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
