import { Skeleton } from './Skeleton';

/** A page's outline while its code loads on a first visit: a heading and two blocks of content. */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading page" className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 md:py-12">
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
