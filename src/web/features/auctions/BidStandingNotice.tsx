import { CircleAlert, Trophy } from 'lucide-react';
import { formatUsdCents } from '../../lib/format';
import type { BidStanding } from './bidBox';

/**
 * Where the signed-in bidder stands, announced politely when a live update changes it: the leader sees
 * that they lead and their own maximum (shown to them alone); a beaten bidder sees that they were outbid.
 */
export function BidStandingNotice({ standing }: { standing: BidStanding }) {
  return (
    <div role="status" aria-live="polite" className="mt-5 empty:hidden">
      {standing.kind === 'leading' && (
        <div className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-success">
          <p className="inline-flex items-center gap-1.5 font-semibold">
            <Trophy aria-hidden className="size-4" />
            You're the highest bidder
          </p>
          <p className="mt-1 text-ink">
            Your maximum: <span className="tabular font-semibold">{formatUsdCents(standing.maxBid)}</span>
          </p>
        </div>
      )}
      {standing.kind === 'outbid' && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="inline-flex items-center gap-1.5 font-semibold">
            <CircleAlert aria-hidden className="size-4" />
            You've been outbid
          </p>
          <p className="mt-1">
            Your maximum of <span className="tabular font-semibold">{formatUsdCents(standing.maxBid)}</span> was beaten. Bid again to
            take the lead.
          </p>
        </div>
      )}
    </div>
  );
}
