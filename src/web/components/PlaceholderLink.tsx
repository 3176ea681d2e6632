import { cn } from '../lib/cn';
import { toast } from './toast';

/** A link to a page that does not exist yet: says so instead of going nowhere. */
export function PlaceholderLink({ label, className }: { label: string; className?: string }) {
  return (
    <button
      type="button"
      className={cn('cursor-pointer text-left', className)}
      onClick={() => toast({ title: 'Coming soon', description: `${label} is on its way.` })}
    >
      {label}
    </button>
  );
}
