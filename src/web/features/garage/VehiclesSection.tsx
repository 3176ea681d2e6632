import { Car, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { GARAGE_TEXT, PROJECT_TYPES, yearsText } from './garage';
import { useRemoveVehicle } from './garage.api';
import { ConfirmRemove } from './GarageDialog';
import { VehicleDialog } from './VehicleDialog';
import type { GarageVehicleDto } from './garage.types';
import type { UseQueryResult } from '@tanstack/react-query';

/** The garage's vehicles: add, edit, remove (after a confirmation), and a link to the parts that fit each. */
export function VehiclesSection({ vehicles }: { vehicles: UseQueryResult<GarageVehicleDto[]> }) {
  const addButton = (
    <Button>
      <Plus aria-hidden className="size-4" /> Add Vehicle
    </Button>
  );
  return (
    <section aria-labelledby="garage-vehicles" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="garage-vehicles" className="text-xl font-bold">
          My Vehicles
        </h2>
        <VehicleDialog trigger={addButton} />
      </div>
      {vehicles.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading vehicles">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-36 w-full" />
          ))}
        </div>
      ) : vehicles.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-lg border border-line p-6 text-center">
          <p className="font-semibold">Your vehicles could not be loaded.</p>
          <p className="text-sm text-muted">{errorMessage(vehicles.error)}</p>
          <Button variant="outline" onClick={() => void vehicles.refetch()}>
            Try again
          </Button>
        </div>
      ) : vehicles.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-line p-8 text-center">
          <Car aria-hidden className="size-10 text-muted" />
          <p className="font-semibold">No vehicles in your garage yet</p>
          <p className="max-w-md text-sm text-muted">Add the cars you work on and we show which parts fit them across the marketplace.</p>
          <VehicleDialog trigger={<Button variant="outline">Add your first vehicle</Button>} />
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Vehicles">
          {vehicles.data.map((v) => (
            <VehicleCard key={v.id} vehicle={v} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VehicleCard({ vehicle }: { vehicle: GarageVehicleDto }) {
  const remove = useRemoveVehicle();
  const years = yearsText(vehicle.yearStart, vehicle.yearEnd);
  const project = PROJECT_TYPES.find((p) => p.value === vehicle.projectType)?.label ?? vehicle.projectType;
  const onRemove = () =>
    remove.mutate(vehicle.id, {
      onSuccess: () => toast({ title: GARAGE_TEXT.vehicleRemoved, description: `${vehicle.vehicleName} left your garage.` }),
      onError: (error) =>
        toast({ title: GARAGE_TEXT.removeVehicleFailed, description: errorMessage(error, GARAGE_TEXT.removeVehicleFailed), variant: 'destructive' }),
    });

  return (
    <li className={cn('grid content-between gap-3 rounded-lg border border-line bg-surface p-4', !vehicle.isActive && 'bg-paper')} data-testid="vehicle-card">
      <div className="grid gap-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {vehicle.vehicleName}
          {!vehicle.isActive && <span className="rounded-sm border border-line px-1.5 py-0.5 text-xs font-normal text-muted">Inactive</span>}
        </h3>
        <p className="text-sm text-muted">
          {[vehicle.makeName ?? vehicle.make, vehicle.model, years].filter(Boolean).join(' · ')}
        </p>
        <p className="text-xs text-muted">
          {project} · Priority {vehicle.priority}
          {vehicle.engineType ? ` · ${vehicle.engineType}` : ''}
          {vehicle.transmission ? ` · ${vehicle.transmission}` : ''}
        </p>
        {vehicle.notes && <p className="line-clamp-2 text-sm">{vehicle.notes}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {vehicle.isActive && (
          <ButtonLink to={`/search?fitsVehicle=${encodeURIComponent(vehicle.id)}`} size="sm" variant="outline">
            <Search aria-hidden className="size-4" /> Parts that fit<span className="sr-only"> {vehicle.vehicleName}</span>
          </ButtonLink>
        )}
        <VehicleDialog
          vehicle={vehicle}
          trigger={
            <Button size="sm" variant="outline">
              <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> {vehicle.vehicleName}</span>
            </Button>
          }
        />
        <ConfirmRemove
          title="Remove this vehicle?"
          description={`${vehicle.vehicleName} leaves your garage.`}
          confirmLabel="Remove Vehicle"
          onConfirm={onRemove}
          trigger={
            <Button size="sm" variant="ghost" className="text-racing" disabled={remove.isPending}>
              <Trash2 aria-hidden className="size-4" /> {remove.isPending ? 'Removing...' : 'Remove'}
              <span className="sr-only"> {vehicle.vehicleName}</span>
            </Button>
          }
        />
      </div>
    </li>
  );
}
