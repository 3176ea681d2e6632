import { CircleCheck, CircleHelp } from 'lucide-react';
import { cn } from '../../lib/cn';
import { fitmentBadge } from './garage';
import { usePartFitment } from './garage.api';

/**
 * "Fits your {vehicleName}" or "Check fitment" for a signed-in user with vehicles in the garage; nothing otherwise.
 * Every badge rendered together asks in one call (see loadFitment). FitmentBadge loads it for signed-in users.
 */
export default function FitmentBadgeContent({ partId, className }: { partId: string | null | undefined; className?: string }) {
  const fitment = usePartFitment(partId);
  const badge = fitmentBadge(fitment.data ?? undefined);
  if (!badge) return null;
  const fits = badge.kind === 'fits';
  return (
    <p
      data-testid="fitment-badge"
      className={cn(
        'inline-flex w-fit max-w-full items-center gap-1 rounded-sm px-2 py-0.5 text-xs font-semibold',
        fits ? 'bg-success/10 text-success' : 'border border-line text-muted',
        className,
      )}
    >
      {fits ? <CircleCheck aria-hidden className="size-3.5 shrink-0" /> : <CircleHelp aria-hidden className="size-3.5 shrink-0" />}
      <span className="truncate">{badge.text}</span>
    </p>
  );
}
