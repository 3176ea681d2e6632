import { useState, type FormEvent } from 'react';
import { Truck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useShipOrder } from './payments.api';

export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Freight', 'Other'] as const;

/** "Mark Shipped": the carrier and tracking number of a paid order, sent to the buyer. */
export function ShipOrderDialog({ orderId, partTitle }: { orderId: string; partTitle: string }) {
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState<string>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ship = useShipOrder();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ship.isPending) return;
    const found: Record<string, string> = {};
    if (!carrier) found.carrier = 'Choose the carrier';
    if (!trackingNumber.trim()) found.trackingNumber = 'Tracking number is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    ship.mutate(
      { orderId, carrier, trackingNumber: trackingNumber.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Marked as Shipped', description: 'The buyer has been sent the tracking number.' });
          setOpen(false);
          setCarrier('');
          setTrackingNumber('');
        },
        onError: (error) => {
          const details = describeError(error);
          setErrors(details.fieldErrors);
          toast({ title: 'Could Not Mark Shipped', description: details.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm">
          <Truck aria-hidden className="size-4" /> Mark Shipped
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Mark Shipped</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{partTitle}</Dialog.Description>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <SelectField label="Carrier" name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} error={errors.carrier} required>
              <option value="">Choose a carrier</option>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Tracking number"
              name="trackingNumber"
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
              error={errors.trackingNumber}
              maxLength={100}
              autoComplete="off"
              required
              className="font-mono"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={ship.isPending}>
                {ship.isPending ? 'Saving...' : 'Mark Shipped'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
