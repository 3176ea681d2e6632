import { useEffect } from 'react';
import { Timer } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useNow } from '../auctions/useNow';
import { formatCountdown, remainingMs } from './orderFormat';

/** "Reserved for you for 14:32": the time left to pay before the part is released; `onExpired` a little after it runs out. */
export function ReservationCountdown({ expiresAt, onExpired }: { expiresAt: string | null | undefined; onExpired?: () => void }) {
  const now = useNow(1000);
  const left = remainingMs(expiresAt, now);
  const expired = left === 0;
  // Once the time is up the server cancels the order: read it again a little later to show that.
  useEffect(() => {
    if (!expired || !onExpired) return;
    const timer = setTimeout(onExpired, 5000);
    return () => clearTimeout(timer);
  }, [expired, onExpired]);
  if (left === null) return null;
  const urgent = left < 2 * 60_000;
  return (
    <p
      role="timer"
      aria-live="off"
      className={cn(
        'flex items-center gap-2 rounded-md border p-3 text-sm',
        urgent ? 'border-racing/40 bg-racing/5 text-racing' : 'border-line bg-paper text-ink',
      )}
    >
      <Timer aria-hidden className="size-4 shrink-0" />
      {left > 0 ? (
        <span>
          This part is reserved for you for <span className="tabular font-semibold">{formatCountdown(left)}</span>. Complete payment
          before the time runs out.
        </span>
      ) : (
        <span>Your reservation has run out. The part may go to another buyer.</span>
      )}
    </p>
  );
}
