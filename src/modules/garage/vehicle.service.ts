import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { hasRole } from '../../platform/roles.js';
import { CatalogReference, type VehicleFilter, VehicleFilterSource } from '../catalog/index.js';
import type { VehicleDto } from './garage.dto.js';
import { GARAGE_MESSAGES, type ListQuery, type VehicleCreate, type VehicleUpdate } from './garage.schemas.js';
import { Database } from '../../platform/db/database.js';

/** A row of `buyer_garage`. */
export interface VehicleRow {
  id: string;
  user_id: string;
  vehicle_name: string;
  make: string;
  model: string;
  year_start: number | null;
  year_end: number | null;
  engine_type: string | null;
  transmission: string | null;
  project_type: VehicleDto['projectType'];
  priority: number;
  notes: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const VEHICLE_COLUMNS =
  'id, user_id, vehicle_name, make, model, year_start, year_end, engine_type, transmission, project_type, priority, notes, is_active, created_at, updated_at';

/** The user a `{userId}` path names (an id or `me`), if `actor` may read it: their own, or anyone's as admin. */
export function ownerOf(actor: Actor, userId: string): string {
  const owner = userId === 'me' ? actor.id : userId.toLowerCase();
  if (owner !== actor.id && !hasRole(actor.role, 'admin')) throw Errors.forbidden();
  return owner;
}

/** May `actor` change a row of `rowUserId`: its owner, or an admin. */
export function mayChange(actor: Actor, rowUserId: string): boolean {
  return rowUserId === actor.id || hasRole(actor.role, 'admin');
}

/** "1967-1969 Porsche 911", "1967 Porsche 911", "Porsche 911". */
export function defaultVehicleName(makeName: string, model: string, yearStart: number | null, yearEnd: number | null): string {
  const years = yearStart && yearEnd && yearEnd !== yearStart ? `${yearStart}-${yearEnd}` : String(yearStart ?? yearEnd ?? '');
  return [years, makeName, model].filter(Boolean).join(' ').slice(0, 200);
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

  toDto(r: VehicleRow, makeNames: Map<string, string>): VehicleDto {
    return {
      id: r.id,
      userId: r.user_id,
      vehicleName: r.vehicle_name,
      make: r.make,
      makeName: makeNames.get(r.make) ?? null,
      model: r.model,
      yearStart: r.year_start,
      yearEnd: r.year_end,
      engineType: r.engine_type,
      transmission: r.transmission,
      projectType: r.project_type,
      priority: r.priority,
      notes: r.notes,
      isActive: r.is_active,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }

  /** A page of a user's vehicles, best priority first, then oldest first. */
  async list(actor: Actor, userId: string, page: ListQuery): Promise<ListPage<VehicleDto>> {
    const owner = ownerOf(actor, userId);
    const rows = await this.db.em.execute<(VehicleRow & { total: number })[]>(
      `select ${VEHICLE_COLUMNS}, count(*) over ()::int as total from buyer_garage where user_id = ?
        order by priority, created_at, id limit ? offset ?`,
      [owner, page.limit, page.offset],
    );
    const names = await this.makeNames();
    const total = rows[0]?.total ?? (page.offset ? await this.count(owner) : 0);
    return { rows: rows.map((r) => this.toDto(r, names)), total };
  }

  private async count(userId: string): Promise<number> {
    const [row] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from buyer_garage where user_id = ?', [userId]);
    return row?.n ?? 0;
  }

  /** The actor's active vehicles, best priority first (the fitment answers'). */
  async activeOf(userId: string): Promise<VehicleRow[]> {
    return this.db.em.execute<VehicleRow[]>(
      `select ${VEHICLE_COLUMNS} from buyer_garage where user_id = ? and is_active order by priority, created_at, id limit 50`,
      [userId],
    );
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
    const [row] = await this.db.em.execute<VehicleRow[]>(
      `insert into buyer_garage (user_id, vehicle_name, make, model, year_start, year_end, engine_type, transmission,
                                 project_type, priority, notes, is_active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${VEHICLE_COLUMNS}`,
      [
        actor.id,
        input.vehicleName ?? defaultVehicleName(makeName, input.model, input.yearStart, input.yearEnd),
        input.make,
        input.model,
        input.yearStart,
        input.yearEnd,
        input.engineType ?? null,
        input.transmission ?? null,
        input.projectType,
        input.priority,
        input.notes ?? null,
        input.isActive,
        now,
        now,
      ],
    );
    return this.toDto(row!, names);
  }

  /** The vehicle `id` if `actor` may change it; 404 when unknown, 403 when someone else's. */
  private async owned(em: EntityManager, actor: Actor, id: string, lock = false): Promise<VehicleRow> {
    const [row] = await em.execute<VehicleRow[]>(`select ${VEHICLE_COLUMNS} from buyer_garage where id = ? ${lock ? 'for update' : ''}`, [id]);
    if (!row) throw Errors.notFound('Vehicle');
    if (!mayChange(actor, row.user_id)) throw Errors.forbidden();
    return row;
  }

  /** Edits a vehicle of the actor's (any field; the years are checked against the stored ones). */
  async update(actor: Actor, id: string, input: VehicleUpdate): Promise<VehicleDto> {
    const names = await this.makeNames();
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id, true);
      const next = {
        make: input.make ?? row.make,
        model: input.model ?? row.model,
        yearStart: input.yearStart !== undefined ? input.yearStart : row.year_start,
        yearEnd: input.yearEnd !== undefined ? input.yearEnd : row.year_end,
      };
      if (input.make !== undefined) this.checkMake(input.make, names);
      if (next.yearStart !== null && next.yearEnd !== null && next.yearEnd < next.yearStart) {
        throw Errors.invalid('validation_failed', GARAGE_MESSAGES.yearOrder, { yearEnd: GARAGE_MESSAGES.yearOrder });
      }
      const vehicleName =
        input.vehicleName === null ? defaultVehicleName(names.get(next.make) ?? next.make, next.model, next.yearStart, next.yearEnd) : input.vehicleName;
      const [updated] = await em.execute<VehicleRow[]>(
        `update buyer_garage set
           vehicle_name = coalesce(?, vehicle_name), make = ?, model = ?, year_start = ?, year_end = ?,
           engine_type = case when ? then ? else engine_type end,
           transmission = case when ? then ? else transmission end,
           project_type = coalesce(?, project_type), priority = coalesce(?, priority),
           notes = case when ? then ? else notes end,
           is_active = coalesce(?, is_active), updated_at = ?
         where id = ? returning ${VEHICLE_COLUMNS}`,
        [
          vehicleName ?? null,
          next.make,
          next.model,
          next.yearStart,
          next.yearEnd,
          input.engineType !== undefined,
          input.engineType ?? null,
          input.transmission !== undefined,
          input.transmission ?? null,
          input.projectType ?? null,
          input.priority ?? null,
          input.notes !== undefined,
          input.notes ?? null,
          input.isActive ?? null,
          this.clock.now(),
          id,
        ],
      );
      return this.toDto(updated!, names);
    });
  }

  /** Removes a vehicle of the actor's; alerts tied to it keep their filters and lose the link. */
  async remove(actor: Actor, id: string): Promise<VehicleDto> {
    const names = await this.makeNames();
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id, true);
      await em.execute('delete from buyer_garage where id = ?', [id]);
      return this.toDto(row, names);
    });
  }

  /** The catalog's fitsVehicle filter: one of the actor's own vehicles (401 signed out, 404 unknown, 403 someone else's). */
  async vehicleFilter(vehicleId: string, actor: Actor | null): Promise<VehicleFilter> {
    if (!actor) throw Errors.unauthorized();
    const [row] = await this.db.em.execute<VehicleRow[]>(`select ${VEHICLE_COLUMNS} from buyer_garage where id = ?`, [vehicleId]);
    if (!row) throw Errors.notFound('Vehicle');
    if (row.user_id !== actor.id) throw Errors.forbidden();
    const names = await this.makeNames();
    return {
      makes: [...new Set([row.make, (names.get(row.make) ?? row.make).toLowerCase()])],
      model: row.model.toLowerCase(),
      yearStart: row.year_start,
      yearEnd: row.year_end,
    };
  }
}
