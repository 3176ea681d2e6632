import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { CatalogReference, type FitmentEntry } from '../catalog/index.js';
import type { PartFitmentAnswerDto } from './garage.dto.js';
import { fitOf } from './fitment.rules.js';
import { VehicleService } from './vehicle.service.js';

/** "Fits your {vehicle}" / "Check fitment": which of the user's active vehicles each part fits, and why not. */
@injectable()
export class FitmentService {
  constructor(
    @inject(VehicleService) private readonly vehicles: VehicleService,
    @inject(CatalogReference) private readonly catalog: CatalogReference,
  ) {}

  /**
   * One answer per part id, in the order asked: two queries whatever the number of parts (the user's active
   * vehicles, the parts' entries), so a search page of results asks once.
   */
  async answer(actor: Actor, partIds: readonly string[]): Promise<PartFitmentAnswerDto[]> {
    const [vehicles, entries, names] = await Promise.all([
      this.vehicles.activeOf(actor.id),
      this.catalog.fitments(partIds),
      this.vehicles.makeNames(),
    ]);
    const byPart = new Map<string, FitmentEntry[]>();
    for (const e of entries) byPart.set(e.partId, [...(byPart.get(e.partId) ?? []), e]);
    const fitVehicles = vehicles.map((v) => ({
      row: v,
      fit: { makes: [v.make, (names.get(v.make) ?? v.make).toLowerCase()], model: v.model, yearStart: v.yearStart ?? null, yearEnd: v.yearEnd ?? null },
    }));
    return partIds.map((partId) => {
      const partEntries = byPart.get(partId) ?? [];
      if (!partEntries.length) return { partId, status: 'no_entries', fitsVehicleName: null, vehicles: [] };
      const answers = fitVehicles.map(({ row, fit }) => {
        const result = fitOf(fit, partEntries);
        return { vehicleId: row.id, vehicleName: row.vehicleName, fits: result.fits, reason: result.reason };
      });
      const first = answers.find((a) => a.fits);
      return { partId, status: first ? 'fits' : 'no_fit', fitsVehicleName: first?.vehicleName ?? null, vehicles: answers };
    });
  }
}
