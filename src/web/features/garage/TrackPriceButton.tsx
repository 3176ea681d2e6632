import { useState } from 'react';
import { LineChart } from 'lucide-react';
import { Button, ButtonLink } from '../../components/Button';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { GARAGE_TEXT } from './garage';
import type { WatchCreateInput } from '../../../modules/garage/garage.inputs';
import { useAddWatch, useMarketWatch } from './garage.api';
import { GarageDialog } from './GarageDialog';
import { ThresholdForm } from './ThresholdField';
import type { WatchType } from './garage.types';

/** The threshold a new watch starts with (percent). */
export const DEFAULT_THRESHOLD = 5;

/** "Track price" on part and auction pages: adds the item to Market Watch with a threshold in percent. */
export function TrackPriceButton({ watchType, itemId, itemTitle }: { watchType: WatchType; itemId: string; itemTitle: string }) {
  const { user } = useAuth();
  const watches = useMarketWatch(user !== null);
  const add = useAddWatch();
  const [open, setOpen] = useState(false);
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
    if (next) setError(undefined);
    setOpen(next);
  };

  const onSubmit = (percent: number) => {
    const body: WatchCreateInput = { watchType, [idField]: itemId, priceAlertThreshold: percent };
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
      <ThresholdForm
        initial={String(DEFAULT_THRESHOLD)}
        error={error}
        onError={setError}
        onSubmit={onSubmit}
        submitLabel="Track Price"
        pendingLabel="Adding..."
        pending={add.isPending}
        onCancel={() => setOpen(false)}
      />
    </GarageDialog>
  );
}
