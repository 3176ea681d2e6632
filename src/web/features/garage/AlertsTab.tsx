import { useState, type FormEvent } from 'react';
import { BellOff, BellRing, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { AlertFormDialog } from './AlertFormDialog';
import { ALERT_NAME_MAX, alertSummary, FREQUENCIES, GARAGE_TEXT, hourLabel } from './garage';
import { useAlerts, useDeleteAlert, useDigestSettings, useSaveDigestHour, useUpdateAlert } from './garage.api';
import { ConfirmRemove } from './GarageDialog';
import type { AlertFrequency, GarageVehicleDto, PartAlertDto } from './garage.types';

/** The Part Alerts tab: the user's alerts and saved searches, each paused, renamed, re-timed or deleted in place. */
export function AlertsTab({ vehicles }: { vehicles: GarageVehicleDto[] }) {
  const alerts = useAlerts();
  const createButton = (
    <Button>
      <Plus aria-hidden className="size-4" /> Create Alert
    </Button>
  );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Get told when a part you want is listed. Saved searches show here too.</p>
        <AlertFormDialog vehicles={vehicles} trigger={createButton} />
      </div>
      {alerts.data?.some((a) => a.frequency === 'daily') && <DigestHour />}
      {alerts.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading alerts">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : alerts.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-lg border border-line p-6 text-center">
          <p className="font-semibold">Your alerts could not be loaded.</p>
          <p className="text-sm text-muted">{errorMessage(alerts.error)}</p>
          <Button variant="outline" onClick={() => void alerts.refetch()}>
            Try again
          </Button>
        </div>
      ) : alerts.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-line p-8 text-center">
          <BellRing aria-hidden className="size-8 text-muted" />
          <p className="font-semibold">No part alerts yet</p>
          <p className="max-w-md text-sm text-muted">Create an alert, or use "Save this search" on the search page, and we will tell you when a match is listed.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Part alerts">
          {alerts.data.map((alert) => (
            <AlertRow key={alert.id} alert={alert} vehicles={vehicles} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertRow({ alert, vehicles }: { alert: PartAlertDto; vehicles: GarageVehicleDto[] }) {
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(alert.alertName);
  const vehicle = vehicles.find((v) => v.id === alert.garageVehicleId);
  const keyedTo = alert.vehicleId ? vehicles.find((v) => v.id === alert.vehicleId) : undefined;

  const patch = (changes: Partial<Pick<PartAlertDto, 'alertName' | 'isActive' | 'frequency'>>, done: string, after?: () => void) =>
    update.mutate(
      { id: alert.id, patch: changes },
      {
        onSuccess: () => {
          toast({ title: GARAGE_TEXT.alertUpdated, description: done });
          after?.();
        },
        onError: (error) => toast({ title: GARAGE_TEXT.updateAlertFailed, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (!next || next === alert.alertName) return setRenaming(false);
    patch({ alertName: next }, `Renamed to "${next}".`, () => setRenaming(false));
  };

  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast({ title: GARAGE_TEXT.alertDeleted, description: `"${alert.alertName}" was deleted.` }),
      onError: (error) => toast({ title: GARAGE_TEXT.deleteAlertFailed, description: errorMessage(error, GARAGE_TEXT.deleteAlertFailed), variant: 'destructive' }),
    });

  return (
    <li className={cn('grid gap-3 rounded-lg border border-line bg-surface p-4', !alert.isActive && 'bg-paper')} data-testid="alert-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          {renaming ? (
            <form onSubmit={onRename} className="flex flex-wrap gap-2">
              <label htmlFor={`alert-name-${alert.id}`} className="sr-only">
                Alert name
              </label>
              <input
                id={`alert-name-${alert.id}`}
                className={cn(inputClass, 'h-9 min-w-0 flex-1')}
                value={name}
                maxLength={ALERT_NAME_MAX}
                autoFocus
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)}
              />
              <Button type="submit" size="sm" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
            </form>
          ) : (
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              {alert.alertName}
              <span
                className={cn(
                  'rounded-sm px-1.5 py-0.5 text-xs font-medium',
                  alert.isActive ? 'bg-success/10 text-success' : 'border border-line text-muted',
                )}
              >
                {alert.isActive ? 'Active' : 'Paused'}
              </span>
            </h3>
          )}
          <p className="text-sm text-muted">{alertSummary(alert)}</p>
          {keyedTo ? (
            <p className="text-xs text-muted">Parts that fit your {keyedTo.vehicleName}</p>
          ) : (
            vehicle && <p className="text-xs text-muted">For {vehicle.vehicleName}</p>
          )}
          {alert.lastTriggered && <p className="text-xs text-muted">Last match {formatDateTime(alert.lastTriggered)}</p>}
        </div>
        <label className="grid gap-1 text-xs font-medium">
          Email
          <select
            className={cn(inputClass, 'h-8 w-auto text-xs')}
            value={alert.frequency}
            disabled={update.isPending}
            onChange={(e) => {
              const frequency = e.target.value as AlertFrequency;
              patch({ frequency }, frequency === 'daily' ? 'Matches now come in a daily digest.' : 'Matches are now emailed at once.');
            }}
          >
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => patch({ isActive: !alert.isActive }, alert.isActive ? `"${alert.alertName}" is paused.` : `"${alert.alertName}" is active again.`)}
        >
          {alert.isActive ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
          {alert.isActive ? 'Pause' : 'Resume'}
          <span className="sr-only"> {alert.alertName}</span>
        </Button>
        {!renaming && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setName(alert.alertName);
              setRenaming(true);
            }}
          >
            <Pencil aria-hidden className="size-4" /> Rename<span className="sr-only"> {alert.alertName}</span>
          </Button>
        )}
        <ConfirmRemove
          title="Delete this alert?"
          description={`"${alert.alertName}" stops watching for parts. Its past notifications stay.`}
          confirmLabel="Delete Alert"
          onConfirm={onDelete}
          trigger={
            <Button size="sm" variant="ghost" disabled={remove.isPending} className="text-racing">
              {remove.isPending ? <BellOff aria-hidden className="size-4" /> : <Trash2 aria-hidden className="size-4" />}
              {remove.isPending ? 'Deleting...' : 'Delete'}
              <span className="sr-only"> {alert.alertName}</span>
            </Button>
          }
        />
      </div>
    </li>
  );
}

/** The hour of the day the daily digest comes, in the user's time zone. */
function DigestHour() {
  const settings = useDigestSettings();
  const save = useSaveDigestHour();
  if (!settings.data) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-surface p-3 text-sm">
      <label htmlFor="digest-hour" className="font-medium">
        Daily digest at
      </label>
      <select
        id="digest-hour"
        className={cn(inputClass, 'h-8 max-w-40')}
        value={save.isPending && save.variables !== undefined ? save.variables : settings.data.digestHour}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(Number(e.target.value), {
            onSuccess: (saved) => toast({ title: 'Settings Saved', description: `Your daily digest comes at ${hourLabel(saved.digestHour)}.` }),
            onError: (error) => toast({ title: 'Failed to save settings', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      >
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {hourLabel(h)}
          </option>
        ))}
      </select>
      <span className="text-muted">({settings.data.timeZone.replace(/_/g, ' ')})</span>
    </div>
  );
}
