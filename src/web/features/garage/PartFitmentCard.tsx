import { CircleAlert, CircleCheck, CircleHelp, CircleX, Warehouse } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/Skeleton';
import { enginesText, mismatchText } from './garage';
import { useMyActiveVehicles, usePartFitment } from './garage.api';

/**
 * The part page's word to a garage owner: which of their vehicles the part fits and which not, with the reason;
 * for a part made for an engine, which engine, and "Check the engine" for a vehicle without an engine code.
 * A signed-in user without vehicles is invited to add one; visitors see nothing.
 */
export function PartFitmentCard({ partId }: { partId: string }) {
  const { user, vehicles, ready } = useMyActiveVehicles();
  const fitment = usePartFitment(partId);
  if (!user || !ready) return null;

  return (
    <section aria-labelledby="garage-fitment-title" className="grid gap-2 rounded-lg border border-line bg-surface p-4 text-sm">
      <h2 id="garage-fitment-title" className="flex items-center gap-2 font-semibold">
        <Warehouse aria-hidden className="size-4 text-muted" /> Your garage
      </h2>
      {vehicles.length === 0 ? (
        <p className="text-muted">
          <Link to="/garage" className="font-medium text-racing hover:underline">
            Add your vehicle
          </Link>{' '}
          to see whether this part fits it.
        </p>
      ) : fitment.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Checking fitment">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : fitment.isError || !fitment.data ? (
        <p className="text-muted">Fitment could not be checked right now.</p>
      ) : fitment.data.status === 'no_entries' ? (
        <p className="flex items-start gap-2 text-muted">
          <CircleHelp aria-hidden className="mt-0.5 size-4 shrink-0" />
          Check fitment: the seller lists no vehicles for this part. Ask them before you buy.
        </p>
      ) : (
        <ul className="grid gap-1.5" data-testid="part-fitment">
          {fitment.data.engines.length > 0 && <li className="text-muted">{enginesText(fitment.data.engines)}</li>}
          {fitment.data.vehicles.map((v) =>
            v.fits ? (
              <li key={v.vehicleId} className="flex items-start gap-2 font-medium text-success">
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" /> Fits your {v.vehicleName}
              </li>
            ) : v.status === 'check' ? (
              <li key={v.vehicleId} className="flex items-start gap-2 font-medium">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  Check the engine of your {v.vehicleName}: this part is for a particular engine.{' '}
                  <Link to="/garage" className="text-racing hover:underline">
                    Add its engine code
                  </Link>{' '}
                  to be sure.
                </span>
              </li>
            ) : (
              <li key={v.vehicleId} className="flex items-start gap-2 text-muted">
                <CircleX aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  Does not fit your {v.vehicleName}
                  {v.reason ? `: ${mismatchText(v.reason)}` : ''}
                </span>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
