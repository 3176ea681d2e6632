import { Clock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { clockUrgency, formatTimeRemaining } from './auctionRules';

/**
 * The time left in tabular figures: red under 24 hours, pulsing under 1 hour (UI.md), when it also shows seconds
 * (its parents tick every second). The urgency is also spelled out for screen readers so colour is not the only signal.
 */
export function AuctionClock({ endTime, now, className }: { endTime: string; now: number; className?: string }) {
  const urgency = clockUrgency(endTime, now);
  const label = formatTimeRemaining(endTime, now);
  return (
    <span
      className={cn(
        'tabular inline-flex items-center gap-1 font-semibold',
        urgency === 'soon' && 'text-racing',
        urgency === 'critical' && 'text-racing motion-safe:animate-pulse',
        urgency === 'over' && 'text-muted',
        className,
      )}
    >
      <Clock aria-hidden className="size-4 shrink-0" />
      <span>{label}</span>
      {urgency === 'critical' && <span className="sr-only">(ending within the hour)</span>}
      {urgency === 'soon' && <span className="sr-only">(ending within 24 hours)</span>}
    </span>
  );
}
