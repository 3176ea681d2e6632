import { Car } from 'lucide-react';
import { Link } from 'react-router';
import { FilterSelect } from '../catalog/FilterSelect';
import { useMyActiveVehicles } from './garage.api';

/** The value meaning "every part", whatever it fits. */
const ANY = 'all';

/**
 * Above the search results, for a signed-in user with vehicles: show only the parts that fit one of them
 * (`fitsVehicle`). Visitors and users without vehicles see nothing.
 */
export function VehiclePicker({ value, onChange }: { value: string | undefined; onChange: (vehicleId: string) => void }) {
  const { vehicles, ready } = useMyActiveVehicles();
  if (!ready || vehicles.length === 0) return null;
  const chosen = vehicles.find((v) => v.id === value);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface p-3" data-testid="vehicle-picker">
      <Car aria-hidden className="mb-2.5 size-5 shrink-0 text-muted" />
      <FilterSelect
        label="Parts that fit"
        className="min-w-0 flex-1 sm:max-w-xs"
        value={chosen ? chosen.id : ANY}
        onChange={onChange}
        options={[{ value: ANY, label: 'Any vehicle' }, ...vehicles.map((v) => ({ value: v.id, label: v.vehicleName }))]}
      />
      <Link to="/garage" className="mb-2.5 text-sm font-medium text-racing hover:underline">
        Manage garage
      </Link>
    </div>
  );
}
