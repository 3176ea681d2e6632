import { Clock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { auctionClockReading, type ClockedAuction } from './auctionRules';

/**
 * The time left in tabular figures: red under 24 hours, pulsing under 1 hour (UI.md), when it also shows seconds
 * (its parents tick every second). The urgency is also spelled out for screen readers so colour is not the only signal.
 * A scheduled auction counts to its start instead ("Starts in 2d 5h"), in the plain colour, and turns into the time
 * left on the first tick after its start.
 */
export function AuctionClock({ auction, now, className }: { auction: ClockedAuction; now: number; className?: string }) {
  const { phase, text, urgency } = auctionClockReading(auction, now);
  return (
    <span
      data-clock-phase={phase}
      className={cn(
        'tabular inline-flex items-center gap-1 font-semibold',
        urgency === 'soon' && 'text-racing',
        urgency === 'critical' && 'text-racing motion-safe:animate-pulse',
        urgency === 'over' && 'text-muted',
        className,
      )}
    >
      <Clock aria-hidden className="size-4 shrink-0" />
      <span>{text}</span>
      {urgency === 'critical' && <span className="sr-only">(ending within the hour)</span>}
      {urgency === 'soon' && <span className="sr-only">(ending within 24 hours)</span>}
    </span>
  );
}
