import { useState, type FormEvent } from 'react';
import { Wrench } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { FieldError, SelectField, TextAreaField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import type { OrderDto } from '../../../modules/payments/order.dto';
import type { FitAnswer } from '../../../modules/garage/garage.dto';
import { GARAGE_MESSAGES } from '../../../modules/garage/garage.messages';
import { useMyActiveVehicles } from './garage.api';
import { useFitmentReport, useSendFitmentReport } from './fitmentReport.api';

const ANSWERS: { value: FitAnswer; label: string }[] = [
  { value: 'yes', label: 'Yes, it fitted' },
  { value: 'with_modification', label: 'With modification' },
  { value: 'no', label: "No, it didn't fit" },
];
const SAID: Record<FitAnswer, string> = { yes: 'it fitted', with_modification: 'it fitted with modification', no: "it didn't fit" };

/** Reports are taken for delivered (or completed) orders of a listed part. */
const canReport = (order: OrderDto) => ['delivered', 'completed'].includes(order.state) && order.partId !== null;

/** The order page's "Did it fit?" after delivery: three answers, a vehicle of the buyer's garage (optional), a note. */
export function FitmentReportCard({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const [fits, setFits] = useState<FitAnswer | ''>('');
  const [vehicleId, setVehicleId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { vehicles } = useMyActiveVehicles();
  const existing = useFitmentReport(order.id, canReport(order));
  const send = useSendFitmentReport(order.id);

  if (!canReport(order) || existing.isPending || existing.isError) return null;
  if (existing.data) {
    return (
      <Card className="p-4 text-sm" data-testid="order-fitment-report">
        You said {SAID[existing.data.fits]} on your {[existing.data.yearStart, existing.data.make, existing.data.model].filter(Boolean).join(' ')}. Thanks for
        helping other buyers.
      </Card>
    );
  }
  if (!open) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <p className="flex-1 text-sm">Did it fit? Tell other buyers whether {order.partTitle} fitted your vehicle.</p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Wrench aria-hidden className="size-4" /> Did it fit?
        </Button>
      </Card>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    if (!fits) {
      setErrors({ fits: GARAGE_MESSAGES.fitAnswer });
      return;
    }
    send.mutate(
      { fits, vehicleId: vehicleId || undefined, note: note.trim() || undefined },
      {
        onSuccess: () => toast({ title: 'Thanks for Your Report', description: 'Other buyers will see whether it fitted.' }),
        onError: (error) => {
          const details = describeError(error);
          setErrors(details.fieldErrors);
          toast({ title: 'Could Not Send Report', description: details.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-bold">Did it fit?</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Did it fit?">
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">Did {order.partTitle} fit?</legend>
            <div className="flex flex-wrap gap-3">
              {ANSWERS.map((a) => (
                <label key={a.value} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="fits" value={a.value} checked={fits === a.value} onChange={() => setFits(a.value)} />
                  {a.label}
                </label>
              ))}
            </div>
            <FieldError id="fits-error">{errors.fits}</FieldError>
          </fieldset>
          {vehicles.length > 0 && (
            <SelectField label="Vehicle" hint="(optional)" name="vehicleId" value={vehicleId} onChange={(e) => setVehicleId(e.target.value)} error={errors.vehicleId}>
              <option value="">The vehicle the listing names</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.vehicleName}
                </option>
              ))}
            </SelectField>
          )}
          <TextAreaField label="Note" hint="(optional)" name="note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={3} error={errors.note} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
