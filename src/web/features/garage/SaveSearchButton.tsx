import { useState, type FormEvent } from 'react';
import { BellPlus } from 'lucide-react';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormDialog';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { useCategories, useMakes } from '../catalog/catalog.api';
import type { SearchFilters } from '../catalog/searchFilters';
import { ALERT_NAME_MAX, alertFromSearch, canSaveSearch, FREQUENCIES, GARAGE_TEXT, savedSearchName } from './garage';
import { useCreateAlert } from './garage.api';
import { GarageDialog } from './GarageDialog';
import type { AlertFrequency } from './garage.types';

/**
 * "Save this search" (issue 20): an alert from the current filters and text; asks for a name and instant or daily
 * mail, then points to the garage where it is listed.
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters & { fitsVehicle?: string } }) {
  const { user } = useAuth();
  const makes = useMakes();
  const categories = useCategories();
  const create = useCreateAlert();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [nameError, setNameError] = useState<string>();

  if (!canSaveSearch(filters)) return null;

  const onOpenChange = (next: boolean) => {
    if (next && !user) return requireSignIn('Please sign in to save searches.');
    if (next) {
      setName(savedSearchName(filters, makes.data, categories.data));
      setSaved(false);
      setNameError(undefined);
      create.reset();
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = alertFromSearch(filters, frequency, { makes: makes.data, categories: categories.data, alertName: name });
    create.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        toast({
          title: GARAGE_TEXT.alertCreated,
          description: frequency === 'daily' ? 'Matches come in one email a day.' : 'We will email you as soon as a part matches.',
        });
      },
      onError: (error) => {
        const details = describeError(error, GARAGE_TEXT.createAlertFailed);
        setNameError(details.fieldErrors.alertName);
        toast({ title: GARAGE_TEXT.createAlertFailed, description: details.message, variant: 'destructive' });
      },
    });
  };

  return (
    <GarageDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save this search"
      description="Get told when a new part matches these filters and words."
      trigger={
        <Button variant="outline">
          <BellPlus aria-hidden className="size-4" /> Save this search
        </Button>
      }
    >
      {saved ? (
        <div className="grid gap-4" role="status">
          <p>
            <strong>{name}</strong> is saved. Manage it under Part Alerts in your garage.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep browsing
            </Button>
            <ButtonLink to="/garage?tab=alerts">View in My Garage</ButtonLink>
          </div>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Alert name"
            value={name}
            maxLength={ALERT_NAME_MAX}
            error={nameError}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">How often should we email you?</legend>
            {FREQUENCIES.map((f) => (
              <label key={f.value} className="flex items-start gap-2 rounded-md border border-line p-3 has-[:checked]:border-racing">
                <input
                  type="radio"
                  name="save-search-frequency"
                  value={f.value}
                  checked={frequency === f.value}
                  onChange={() => setFrequency(f.value)}
                  className="mt-1 accent-racing"
                />
                <span className="grid">
                  <span className="text-sm font-medium">{f.label}</span>
                  <span className="text-xs text-muted">{f.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormActions submitLabel="Save Search" pendingLabel="Saving..." pending={create.isPending} busy onCancel={() => setOpen(false)} />
        </form>
      )}
    </GarageDialog>
  );
}
