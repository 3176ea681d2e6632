import { useState, type FormEvent } from 'react';
import { LineChart } from 'lucide-react';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { GARAGE_TEXT, parseThreshold, THRESHOLD_MESSAGE } from './garage';
import { useAddWatch, useMarketWatch, type WatchBody } from './garage.api';
import { GarageDialog } from './GarageDialog';
import type { WatchType } from './garage.types';

/** The threshold a new watch starts with (percent). */
export const DEFAULT_THRESHOLD = 5;

/** "Track price" on part and auction pages: adds the item to Market Watch with a threshold in percent. */
export function TrackPriceButton({ watchType, itemId, itemTitle }: { watchType: WatchType; itemId: string; itemTitle: string }) {
  const { user } = useAuth();
  const watches = useMarketWatch(user !== null);
  const add = useAddWatch();
  const [open, setOpen] = useState(false);
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD));
  const [error, setError] = useState<string>();

  const idField = watchType === 'part' ? 'partId' : watchType === 'auction' ? 'auctionId' : 'reverseAuctionId';
  const tracking = watches.data?.some((w) => w.isActive && w[idField] === itemId) ?? false;

  if (tracking) {
    return (
      <ButtonLink to="/garage?tab=watch" variant="secondary" aria-label="Tracking price: view in My Garage">
        <LineChart aria-hidden className="size-4" /> Tracking Price
      </ButtonLink>
    );
  }

  const onOpenChange = (next: boolean) => {
    if (next && !user) return requireSignIn('Please sign in to track prices.');
    if (next) {
      setError(undefined);
      setThreshold(String(DEFAULT_THRESHOLD));
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const percent = parseThreshold(threshold);
    if (percent === null) {
      setError(THRESHOLD_MESSAGE);
      return;
    }
    const body: WatchBody = { watchType, [idField]: itemId, priceAlertThreshold: percent };
    add.mutate(body, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: GARAGE_TEXT.watchAdded, description: `We will tell you when the price moves ${percent}% or more.` });
      },
      onError: (err) => {
        const details = describeError(err, GARAGE_TEXT.addWatchFailed);
        setError(details.fieldErrors.priceAlertThreshold);
        toast({ title: GARAGE_TEXT.addWatchFailed, description: details.message, variant: 'destructive' });
      },
    });
  };

  return (
    <GarageDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Track price"
      description={`Follow the price of ${itemTitle} in your garage's Market Watch.`}
      trigger={
        <Button variant="outline" disabled={user !== null && watches.isPending}>
          <LineChart aria-hidden className="size-4" /> Track Price
        </Button>
      }
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          label="Notify me when the price moves by (%)"
          type="number"
          inputMode="decimal"
          min={0.1}
          max={100}
          step="any"
          value={threshold}
          error={error}
          onChange={(e) => {
            setThreshold(e.target.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? 'Adding...' : 'Track Price'}
          </Button>
        </div>
      </form>
    </GarageDialog>
  );
}
