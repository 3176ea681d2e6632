import { cn } from '../lib/cn';

/** A grey placeholder shaped like the content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-black/10', className)} />;
}
