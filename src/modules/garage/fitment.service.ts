import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { CatalogReference, type FitmentEntry } from '../catalog/index.js';
import type { PartFitmentAnswerDto } from './garage.dto.js';
import { engineKey, fitOf, partStatus } from './fitment.rules.js';
import { toFitVehicle, VehicleService } from './vehicle.service.js';

/**
 * "Fits your {vehicle}" / "Check fitment" / "Check the engine": which of the user's active vehicles each part fits,
 * and why not (fitment.rules.ts).
 */
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
    const fitVehicles = vehicles.map((v) => ({ row: v, fit: toFitVehicle(v, names) }));
    return partIds.map((partId): PartFitmentAnswerDto => {
      const partEntries = byPart.get(partId) ?? [];
      const engines = [...new Set(partEntries.map((e) => e.engine?.trim() ?? '').filter((e) => engineKey(e)))];
      if (!partEntries.length) return { partId, status: 'no_entries', fitsVehicleName: null, checkVehicleName: null, engines, vehicles: [] };
      const answers = fitVehicles.map(({ row, fit }) => {
        const result = fitOf(fit, partEntries);
        return { vehicleId: row.id, vehicleName: row.vehicleName, fits: result.fits, status: result.status, reason: result.reason };
      });
      const status = partStatus(answers);
      return {
        partId,
        status,
        fitsVehicleName: answers.find((a) => a.status === 'fits')?.vehicleName ?? null,
        checkVehicleName: status === 'check' ? (answers.find((a) => a.status === 'check')?.vehicleName ?? null) : null,
        engines,
        vehicles: answers,
      };
    });
  }
}
