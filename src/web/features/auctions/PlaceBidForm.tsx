import { Gavel } from 'lucide-react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import type { PlaceBidAction } from './useBidBoxActions';

/** The bid form: the amount (the minimum next bid as placeholder) and, when the auction allows it, a proxy maximum. */
export function PlaceBidForm({
  action,
  minimumCents,
  allowProxy,
}: {
  action: PlaceBidAction;
  minimumCents: number;
  allowProxy: boolean | undefined;
}) {
  return (
    <form onSubmit={action.submit} className="mt-5 grid gap-3" noValidate>
      <TextField
        label="Your bid (USD)"
        id="bid-amount"
        name="bidAmount"
        inputMode="decimal"
        placeholder={(minimumCents / 100).toFixed(2)}
        value={action.bidAmount}
        onChange={(e) => action.setBidAmount(e.target.value)}
      />
      {allowProxy !== false && (
        <>
          <TextField
            label="Maximum bid (USD)"
            hint="(optional)"
            id="max-bid-amount"
            name="maxBidAmount"
            inputMode="decimal"
            value={action.maxBid}
            onChange={(e) => action.setMaxBid(e.target.value)}
            aria-describedby="max-bid-help"
          />
          <p id="max-bid-help" className="-mt-2 text-xs text-muted">
            We bid for you, one increment at a time, up to this amount.
          </p>
        </>
      )}
      <Button type="submit" size="lg" disabled={action.pending}>
        <Gavel aria-hidden className="size-5" />
        {action.pending ? 'Placing Bid...' : 'Place Bid'}
      </Button>
    </form>
  );
}
