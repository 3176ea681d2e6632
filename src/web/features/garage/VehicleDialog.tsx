import { useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '../../components/FormDialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { useMakes } from '../catalog/catalog.api';
import { GARAGE_MESSAGES } from '../../../modules/garage/garage.messages';
import { EMPTY_VEHICLE_FORM, GARAGE_TEXT, PROJECT_TYPES, vehiclePayload, vehicleToForm, YEAR_MAX, YEAR_MIN, type VehicleForm } from './garage';
import { useSaveVehicle } from './garage.api';
import { GarageDialog } from './GarageDialog';
import type { GarageVehicleDto, ProjectType } from './garage.types';

interface VehicleDialogProps {
  /** The vehicle to edit; none adds one. */
  vehicle?: GarageVehicleDto;
  trigger: ReactNode;
}

/** Add or edit a garage vehicle; the server's field messages show under their fields. */
export function VehicleDialog({ vehicle, trigger }: VehicleDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <GarageDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'}
      description={vehicle ? `Change the details of ${vehicle.vehicleName}.` : 'Add a car you work on to see which parts fit it.'}
    >
      {/* Mounted per opening, so the form starts from the vehicle each time. */}
      {open && <VehicleFormBody vehicle={vehicle} onDone={() => setOpen(false)} />}
    </GarageDialog>
  );
}

function VehicleFormBody({ vehicle, onDone }: { vehicle?: GarageVehicleDto; onDone: () => void }) {
  const makes = useMakes();
  const save = useSaveVehicle();
  const prefix = vehicle ? `vehicle-${vehicle.id}` : 'vehicle-new';
  const { form, set, errors, setErrors, text } = useFormState<VehicleForm>(() => (vehicle ? vehicleToForm(vehicle) : EMPTY_VEHICLE_FORM), prefix);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const local: Partial<Record<keyof VehicleForm, string>> = {};
    if (!form.make) local.make = GARAGE_MESSAGES.make;
    if (!form.model.trim()) local.model = GARAGE_MESSAGES.model;
    if (Object.keys(local).length) return setErrors(local);
    save.mutate(
      { id: vehicle?.id, body: vehiclePayload(form) },
      {
        onSuccess: (saved) => {
          toast({
            title: vehicle ? GARAGE_TEXT.vehicleUpdated : GARAGE_TEXT.vehicleAdded,
            description: `${saved.vehicleName} is in your garage.`,
          });
          onDone();
        },
        onError: (error) => {
          const fallback = vehicle ? GARAGE_TEXT.updateVehicleFailed : GARAGE_TEXT.addVehicleFailed;
          const details = describeError(error, fallback);
          setErrors(details.fieldErrors as Partial<Record<keyof VehicleForm, string>>);
          toast({ title: fallback, description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  const pendingText = vehicle ? 'Saving...' : 'Adding...';
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <TextField label="Vehicle name" hint="(optional)" placeholder="e.g. Dad's '67 Mustang" maxLength={100} {...text('vehicleName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Make" required disabled={makes.isPending} {...text('make')}>
          <option value="">{makes.isPending ? 'Loading makes...' : 'Choose a make'}</option>
          {(makes.data ?? []).map((m) => (
            <option key={m.id} value={m.slug}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Model" required maxLength={100} placeholder="e.g. Mustang" {...text('model')} />
        <TextField label="Year from" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} placeholder="1965" {...text('yearStart')} />
        <TextField label="Year to" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} placeholder="1968" {...text('yearEnd')} />
        <TextField label="Engine" hint="(optional)" maxLength={100} placeholder="289 V8" {...text('engineType')} />
        <TextField label="Engine code" hint="(optional, for engine parts)" maxLength={50} placeholder="e.g. LS3" {...text('engineCode')} />
        <TextField label="Transmission" hint="(optional)" maxLength={100} placeholder="Toploader 4-speed" {...text('transmission')} />
        <TextField label="Chassis number or VIN" hint="(optional)" maxLength={50} placeholder="7R02C123456" {...text('chassisNumber')} />
        <SelectField
          label="Project type"
          id={`${prefix}-projectType`}
          value={form.projectType}
          error={errors.projectType}
          onChange={(e) => set('projectType', e.target.value as ProjectType)}
        >
          {PROJECT_TYPES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Priority" hint="(1 is highest)" type="number" inputMode="numeric" min={1} max={10} {...text('priority')} />
      </div>
      <TextAreaField
        label="Modifications"
        hint="(optional)"
        rows={2}
        maxLength={1000}
        placeholder="e.g. LS3 swap, T56 gearbox"
        {...text('modifications')}
      />
      <TextAreaField label="Notes" hint="(optional)" rows={3} maxLength={2000} {...text('notes')} />
      {vehicle && (
        <CheckboxField checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)}>
          Active project (used for fitment and the search filter)
        </CheckboxField>
      )}
      <FormActions submitLabel={vehicle ? 'Save Vehicle' : 'Add Vehicle'} pendingLabel={pendingText} pending={save.isPending} busy onCancel={onDone} />
    </form>
  );
}
