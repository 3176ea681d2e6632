import type { Actor } from '../../platform/http/auth.js';

/**
 * What `GET /api/parts?fitsVehicle={id}` filters by: the vehicle's make (slug and name, lower case), model, years and
 * engine code. An entry without an engine fits on make, model and years; an entry that names an engine fits only
 * a vehicle with that engine code (whatever its body), both compared lower case without spaces and dashes.
 */
export interface VehicleFilter {
  /** The make as fitment entries may spell it: its slug and its name, lower case. */
  makes: string[];
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  /** The engine code lower case without spaces and dashes ("LS-3" -> "ls3"); null when the vehicle has none. */
  engineKey: string | null;
  /**
   * With `confirmedOnly`: the listings and normalised part numbers with at least one "yes" report for this vehicle
   * (the catalog keeps the parts whose id or part number is among them).
   */
  confirmed?: { partIds: string[]; partNumbers: string[] };
}

/**
 * The garage's side of the fitsVehicle filter: the catalog asks it for one vehicle of the signed-in user (the
 * garage module binds it; the catalog never reads the garage's tables). Throws 401/403/404 as the garage decides.
 */
export abstract class VehicleFilterSource {
  /** The facts of `vehicleId` to filter by, if `actor` owns it; with `confirmedOnly`, also the confirmed parts. */
  abstract vehicleFilter(vehicleId: string, actor: Actor | null, options?: { confirmedOnly?: boolean }): Promise<VehicleFilter>;
}
