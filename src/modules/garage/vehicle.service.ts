import { inject, injectable } from 'inversify';
import { LockMode } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { CatalogReference, type VehicleFilter, VehicleFilterSource } from '../catalog/index.js';
import { engineKey, type FitVehicle } from './fitment.rules.js';
import { confirmedParts } from './fitment-report.repository.js';
import type { VehicleDto } from './garage.dto.js';
import { defaultVehicleName, mayChange, ownerOf, pageTotal } from './garage.rules.js';
import { GARAGE_MESSAGES, type ListQuery, type VehicleCreate, type VehicleUpdate } from './garage.schemas.js';
import { GarageVehicle } from './vehicle.entity.js';

/** A vehicle as the API answers it, its make named from the makes list. */
export function toVehicleDto(v: GarageVehicle, makeNames: Map<string, string>): VehicleDto {
  return {
    id: v.id,
    userId: v.userId,
    vehicleName: v.vehicleName,
    make: v.make,
    makeName: makeNames.get(v.make) ?? null,
    model: v.model,
    yearStart: v.yearStart ?? null,
    yearEnd: v.yearEnd ?? null,
    engineType: v.engineType ?? null,
    engineCode: v.engineCode ?? null,
    chassisNumber: v.chassisNumber ?? null,
    modifications: v.modifications ?? null,
    transmission: v.transmission ?? null,
    projectType: v.projectType,
    priority: v.priority,
    notes: v.notes ?? null,
    isActive: v.isActive,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** A vehicle as the fit rules read it: its make's slug and name (lower case), model, years and engine code. */
export function toFitVehicle(v: GarageVehicle, makeNames: Map<string, string>): FitVehicle {
  return {
    makes: [...new Set([v.make, (makeNames.get(v.make) ?? v.make).toLowerCase()])],
    model: v.model,
    yearStart: v.yearStart ?? null,
    yearEnd: v.yearEnd ?? null,
    engineCode: v.engineCode ?? null,
  };
}

/** The user's vehicles (buyer_garage): list, add, edit, remove; and the facts the catalog's fitsVehicle filter needs. */
@injectable()
export class VehicleService extends VehicleFilterSource {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogReference) private readonly reference: CatalogReference,
  ) {
    super();
  }

  /** Make slug -> name, for names in answers and the make check. */
  async makeNames(): Promise<Map<string, string>> {
    return new Map((await this.reference.makes()).map((m) => [m.slug, m.name]));
  }

  /** A page of a user's vehicles, best priority first, then oldest first. */
  async list(actor: Actor, userId: string, page: ListQuery): Promise<ListPage<VehicleDto>> {
    const owner = ownerOf(actor, userId);
    const rows = await this.db.em.find(
      GarageVehicle,
      { userId: owner },
      { orderBy: { priority: 'asc', createdAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
    const total = await pageTotal(rows.length, page, () => this.db.em.count(GarageVehicle, { userId: owner }));
    const names = await this.makeNames();
    return { rows: rows.map((r) => toVehicleDto(r, names)), total };
  }

  /** The user's active vehicles, best priority first (the fitment answers'). */
  async activeOf(userId: string): Promise<GarageVehicle[]> {
    return this.db.em.find(GarageVehicle, { userId, isActive: true }, { orderBy: { priority: 'asc', createdAt: 'asc', id: 'asc' }, limit: 50 });
  }

  private checkMake(make: string, names: Map<string, string>): string {
    const name = names.get(make);
    if (!name) throw Errors.invalid('validation_failed', GARAGE_MESSAGES.unknownMake, { make: GARAGE_MESSAGES.unknownMake });
    return name;
  }

  /** Adds a vehicle to the actor's garage (the owner is always the actor). */
  async create(actor: Actor, input: VehicleCreate): Promise<VehicleDto> {
    const names = await this.makeNames();
    const makeName = this.checkMake(input.make, names);
    const now = this.clock.now();
    const vehicle = this.db.em.create(GarageVehicle, {
      userId: actor.id,
      vehicleName: input.vehicleName ?? defaultVehicleName(makeName, input.model, input.yearStart, input.yearEnd),
      make: input.make,
      model: input.model,
      yearStart: input.yearStart,
      yearEnd: input.yearEnd,
      engineType: input.engineType ?? null,
      engineCode: input.engineCode ?? null,
      chassisNumber: input.chassisNumber ?? null,
      modifications: input.modifications ?? null,
      transmission: input.transmission ?? null,
      projectType: input.projectType,
      priority: input.priority,
      notes: input.notes ?? null,
      isActive: input.isActive,
      createdAt: now,
      updatedAt: now,
    });
    await this.db.em.flush();
    return toVehicleDto(vehicle, names);
  }

  /** The vehicle `id`, locked, if `actor` may change it; 404 when unknown, 403 when someone else's. */
  private async owned(actor: Actor, id: string): Promise<GarageVehicle> {
    const vehicle = await this.db.em.findOne(GarageVehicle, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!vehicle) throw Errors.notFound('Vehicle');
    if (!mayChange(actor, vehicle.userId)) throw Errors.forbidden();
    return vehicle;
  }

  /** Edits a vehicle of the actor's (any field; the years are checked against the stored ones). */
  async update(actor: Actor, id: string, input: VehicleUpdate): Promise<VehicleDto> {
    const names = await this.makeNames();
    return this.db.transaction(async (em) => {
      const vehicle = await this.owned(actor, id);
      const next = {
        make: input.make ?? vehicle.make,
        model: input.model ?? vehicle.model,
        yearStart: input.yearStart !== undefined ? input.yearStart : (vehicle.yearStart ?? null),
        yearEnd: input.yearEnd !== undefined ? input.yearEnd : (vehicle.yearEnd ?? null),
      };
      if (input.make !== undefined) this.checkMake(input.make, names);
      if (next.yearStart !== null && next.yearEnd !== null && next.yearEnd < next.yearStart) {
        throw Errors.invalid('validation_failed', GARAGE_MESSAGES.yearOrder, { yearEnd: GARAGE_MESSAGES.yearOrder });
      }
      // A blank name (null) becomes the default for the vehicle as edited.
      const vehicleName =
        input.vehicleName === null ? defaultVehicleName(names.get(next.make) ?? next.make, next.model, next.yearStart, next.yearEnd) : input.vehicleName;
      em.assign(vehicle, {
        ...next,
        ...(vehicleName != null && { vehicleName }),
        ...(input.engineType !== undefined && { engineType: input.engineType }),
        ...(input.engineCode !== undefined && { engineCode: input.engineCode }),
        ...(input.chassisNumber !== undefined && { chassisNumber: input.chassisNumber }),
        ...(input.modifications !== undefined && { modifications: input.modifications }),
        ...(input.transmission !== undefined && { transmission: input.transmission }),
        ...(input.projectType != null && { projectType: input.projectType }),
        ...(input.priority != null && { priority: input.priority }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.isActive != null && { isActive: input.isActive }),
        updatedAt: this.clock.now(),
      });
      await em.flush();
      return toVehicleDto(vehicle, names);
    });
  }

  /**
   * Removes a vehicle of the actor's; alerts linked to it (garageVehicleId) keep their filters and lose the link,
   * alerts keyed to it (vehicleId) go with it (the database's keys).
   */
  async remove(actor: Actor, id: string): Promise<VehicleDto> {
    const names = await this.makeNames();
    return this.db.transaction(async (em) => {
      const vehicle = await this.owned(actor, id);
      const dto = toVehicleDto(vehicle, names);
      await em.remove(vehicle).flush();
      return dto;
    });
  }

  /** The catalog's fitsVehicle filter: one of the actor's own vehicles (401 signed out, 404 unknown, 403 someone else's). */
  async vehicleFilter(vehicleId: string, actor: Actor | null, options: { confirmedOnly?: boolean } = {}): Promise<VehicleFilter> {
    if (!actor) throw Errors.unauthorized();
    const vehicle = await this.db.em.findOne(GarageVehicle, { id: vehicleId });
    if (!vehicle) throw Errors.notFound('Vehicle');
    if (vehicle.userId !== actor.id) throw Errors.forbidden();
    const fit = toFitVehicle(vehicle, await this.makeNames());
    const filter = { makes: [...fit.makes], model: fit.model.toLowerCase(), yearStart: fit.yearStart, yearEnd: fit.yearEnd, engineKey: engineKey(fit.engineCode) || null };
    // confirmedOnly: the listings and part numbers a buyer reported fitting this vehicle (fitment_reports).
    return options.confirmedOnly ? { ...filter, confirmed: await confirmedParts(this.db.em, filter) } : filter;
  }
}
