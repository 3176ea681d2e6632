import { useState, type FormEvent } from 'react';
import { Truck } from 'lucide-react';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { FormActions, FormDialog } from '../../components/FormDialog';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { SHIP_MESSAGES } from '../../../modules/payments/payments.messages';
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
    if (!trackingNumber.trim()) found.trackingNumber = SHIP_MESSAGES.trackingNumber;
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
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Mark Shipped"
      description={partTitle}
      trigger={
        <Button size="sm">
          <Truck aria-hidden className="size-4" /> Mark Shipped
        </Button>
      }
    >
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
        <FormActions submitLabel="Mark Shipped" pendingLabel="Saving..." pending={ship.isPending} />
      </form>
    </FormDialog>
  );
}
