import { TrendingUp } from 'lucide-react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { formatUsdCents } from '../../lib/format';
import type { RaiseMaximumAction } from './useBidBoxActions';

/**
 * The leader's form: no bid against themselves (nothing is pre-filled), only a higher maximum, which the
 * server keeps for them without raising the current bid.
 */
export function RaiseMaximumForm({ action, currentMax }: { action: RaiseMaximumAction; currentMax: string }) {
  return (
    <form onSubmit={action.submit} className="mt-4 grid gap-3" noValidate aria-label="Raise your maximum">
      <TextField
        label="New maximum (USD)"
        id="raise-max-amount"
        name="maxBidAmount"
        inputMode="decimal"
        value={action.maxBid}
        onChange={(e) => action.setMaxBid(e.target.value)}
        aria-describedby="raise-max-help"
      />
      <p id="raise-max-help" className="-mt-2 text-xs text-muted">
        More than {formatUsdCents(currentMax)}. Raising your maximum does not raise the current bid.
      </p>
      <Button type="submit" size="lg" variant="outline" disabled={action.pending}>
        <TrendingUp aria-hidden className="size-5" />
        {action.pending ? 'Raising...' : 'Raise your maximum'}
      </Button>
    </form>
  );
}
