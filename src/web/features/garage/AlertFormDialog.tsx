import { useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '../../components/FormDialog';
import { CheckboxField, SelectField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { GARAGE_MESSAGES } from '../../../modules/garage/garage.messages';
import { useCategories, useMakes } from '../catalog/catalog.api';
import {
  ALERT_CONDITIONS,
  ALERT_NAME_MAX,
  alertFormForVehicle,
  alertPayload,
  EMPTY_ALERT_FORM,
  FREQUENCIES,
  GARAGE_TEXT,
  YEAR_MAX,
  YEAR_MIN,
  type AlertCondition,
  type AlertForm,
} from './garage';
import { useCreateAlert } from './garage.api';
import { GarageDialog } from './GarageDialog';
import type { AlertFrequency, GarageVehicleDto } from './garage.types';

/** Create a part alert: what to look for, for which garage vehicle, and how often to mail. */
export function AlertFormDialog({ vehicles, trigger }: { vehicles: GarageVehicleDto[]; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <GarageDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title="Create Part Alert"
      description="We tell you when a part or auction matching this is listed."
    >
      {open && <AlertFormBody vehicles={vehicles} onDone={() => setOpen(false)} />}
    </GarageDialog>
  );
}

function AlertFormBody({ vehicles, onDone }: { vehicles: GarageVehicleDto[]; onDone: () => void }) {
  const makes = useMakes();
  const categories = useCategories();
  const create = useCreateAlert();
  const { form, setForm, set, errors, setErrors, text } = useFormState<AlertForm>(EMPTY_ALERT_FORM, 'alert-new');

  const toggleCondition = (value: AlertCondition, on: boolean) =>
    set('condition', on ? [...form.condition, value] : form.condition.filter((c) => c !== value));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!form.alertName.trim()) return setErrors({ alertName: GARAGE_MESSAGES.alertName });
    create.mutate(alertPayload(form), {
      onSuccess: (alert) => {
        toast({ title: GARAGE_TEXT.alertCreated, description: `"${alert.alertName}" is watching for new parts.` });
        onDone();
      },
      onError: (error) => {
        const details = describeError(error, GARAGE_TEXT.createAlertFailed);
        setErrors(details.fieldErrors as Partial<Record<keyof AlertForm, string>>);
        toast({ title: GARAGE_TEXT.createAlertFailed, description: details.message, variant: 'destructive' });
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <TextField label="Alert name" required maxLength={ALERT_NAME_MAX} placeholder="e.g. Mustang carburetor" {...text('alertName')} />
      {vehicles.length > 0 && (
        <SelectField
          label="Garage vehicle"
          hint="(fills make, model and years)"
          id="alert-new-garageVehicleId"
          value={form.garageVehicleId}
          error={errors.garageVehicleId}
          onChange={(e) => setForm(alertFormForVehicle(form, vehicles.find((v) => v.id === e.target.value)))}
        >
          <option value="">None</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.vehicleName}
            </option>
          ))}
        </SelectField>
      )}
      {form.garageVehicleId && (
        <CheckboxField checked={form.fitsVehicle} onChange={(e) => set('fitsVehicle', e.target.checked)}>
          Only parts that fit this vehicle (by its fitment and engine code, instead of make, model and years)
        </CheckboxField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Make" hint="(optional)" disabled={form.fitsVehicle} {...text('make')}>
          <option value="">Any make</option>
          {(makes.data ?? []).map((m) => (
            <option key={m.id} value={m.slug}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Model" hint="(optional)" maxLength={100} disabled={form.fitsVehicle} {...text('model')} />
        <TextField label="Year from" hint="(optional)" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} disabled={form.fitsVehicle} {...text('yearStart')} />
        <TextField label="Year to" hint="(optional)" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} disabled={form.fitsVehicle} {...text('yearEnd')} />
        <SelectField label="Category" hint="(optional)" {...text('category')}>
          <option value="">Any category</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Max price ($)" hint="(optional)" type="number" inputMode="decimal" min={0} step="0.01" {...text('maxPrice')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Conditions <span className="text-xs font-normal text-muted">(none means any)</span></legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {ALERT_CONDITIONS.map((c) => (
            <label key={c.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-racing"
                checked={form.condition.includes(c.value)}
                onChange={(e) => toggleCondition(c.value, e.target.checked)}
              />
              {c.label}
            </label>
          ))}
        </div>
        {errors.condition && <p className="text-sm font-medium text-racing">{errors.condition}</p>}
      </fieldset>
      <TextField label="Keywords" hint="(each word must appear)" placeholder="holley, 4bbl" {...text('keywords')} />
      <SelectField
        label="Email me"
        id="alert-new-frequency"
        value={form.frequency}
        error={errors.frequency}
        onChange={(e) => set('frequency', e.target.value as AlertFrequency)}
      >
        {FREQUENCIES.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}: {f.hint.toLowerCase()}
          </option>
        ))}
      </SelectField>
      <FormActions submitLabel="Create Alert" pendingLabel="Creating..." pending={create.isPending} busy onCancel={onDone} />
    </form>
  );
}
