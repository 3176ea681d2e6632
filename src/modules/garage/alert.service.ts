import { inject, injectable } from 'inversify';
import { LockMode } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { CatalogReference } from '../catalog/index.js';
import { keepTimeZone, upsertSettings } from './alert-settings.repository.js';
import type { AlertDto } from './garage.dto.js';
import { mayChange, ownerOf, pageTotal } from './garage.rules.js';
import { GARAGE_MESSAGES, type AlertCreate, type AlertUpdate, type ListQuery } from './garage.schemas.js';
import { PartAlert } from './part-alert.entity.js';
import { GarageVehicle } from './vehicle.entity.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const price = (cents: number | null) => (cents === null ? null : formatCents(cents));

/** An alert as the API answers it, its make named from the makes list. */
export function toAlertDto(a: PartAlert, makes: Map<string, string>): AlertDto {
  return {
    id: a.id,
    userId: a.userId,
    alertName: a.alertName,
    make: a.make ?? null,
    makeName: a.make ? (makes.get(a.make) ?? null) : null,
    model: a.model ?? null,
    yearStart: a.yearStart ?? null,
    yearEnd: a.yearEnd ?? null,
    category: a.category ?? null,
    condition: a.condition,
    maxPrice: a.maxPrice == null ? null : formatCents(storedCents(a.maxPrice)),
    keywords: a.keywords,
    garageVehicleId: a.garageVehicleId ?? null,
    vehicleId: a.vehicleId ?? null,
    wantedRequestId: a.wantedRequestId ?? null,
    isActive: a.isActive,
    frequency: a.frequency,
    lastTriggered: iso(a.lastTriggered),
    matchCount: a.matchCount,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Part alerts and saved searches: list, create, edit (pause, rename, frequency), delete, digest settings. */
@injectable()
export class AlertService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogReference) private readonly reference: CatalogReference,
  ) {}

  private async names(): Promise<{ makes: Map<string, string>; categories: Set<string> }> {
    const [makes, categories] = await Promise.all([this.reference.makes(), this.reference.categories()]);
    return { makes: new Map(makes.map((m) => [m.slug, m.name])), categories: new Set(categories.map((c) => c.slug)) };
  }

  /** A page of a user's alerts, newest first. */
  async list(actor: Actor, userId: string, page: ListQuery): Promise<ListPage<AlertDto>> {
    const owner = ownerOf(actor, userId);
    const rows = await this.db.em.find(PartAlert, { userId: owner }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset });
    const total = await pageTotal(rows.length, page, () => this.db.em.count(PartAlert, { userId: owner }));
    const { makes } = await this.names();
    return { rows: rows.map((r) => toAlertDto(r, makes)), total };
  }

  private async checkReferences(actor: Actor, input: Partial<AlertCreate>): Promise<Map<string, string>> {
    const { makes, categories } = await this.names();
    if (input.make && !makes.has(input.make)) {
      throw Errors.invalid('validation_failed', GARAGE_MESSAGES.unknownMake, { make: GARAGE_MESSAGES.unknownMake });
    }
    if (input.category && !categories.has(input.category)) {
      throw Errors.invalid('validation_failed', GARAGE_MESSAGES.unknownCategory, { category: GARAGE_MESSAGES.unknownCategory });
    }
    if (input.garageVehicleId) {
      const vehicle = await this.db.em.findOne(GarageVehicle, { id: input.garageVehicleId }, { fields: ['userId'] });
      if (!vehicle || vehicle.userId !== actor.id) {
        throw Errors.invalid('validation_failed', 'Choose one of your vehicles', { garageVehicleId: 'Choose one of your vehicles' });
      }
    }
    return makes;
  }

  /** The vehicle an alert of `ownerId` is keyed to: 404 when unknown, 403 when it is not the owner's (admins too). */
  private async keyVehicle(ownerId: string, vehicleId: string): Promise<void> {
    const vehicle = await this.db.em.findOne(GarageVehicle, { id: vehicleId }, { fields: ['userId'] });
    if (!vehicle) throw Errors.notFound('Vehicle');
    if (vehicle.userId !== ownerId) throw Errors.forbidden();
  }

  /** Creates an alert of the actor's (the owner is always the actor), keeping the browser's time zone for digests. */
  async create(actor: Actor, input: AlertCreate): Promise<AlertDto> {
    return this.db.transaction(async (em) => {
      if (input.vehicleId) await this.keyVehicle(actor.id, input.vehicleId);
      const makes = await this.checkReferences(actor, input);
      const now = this.clock.now();
      // Keyed to a vehicle, the vehicle's fitment says what matches: no make, model or years are kept.
      const keyed = input.vehicleId !== null;
      const alert = em.create(PartAlert, {
        userId: actor.id,
        garageVehicleId: input.garageVehicleId,
        vehicleId: input.vehicleId,
        alertName: input.alertName,
        make: keyed ? null : (input.make ?? null),
        model: keyed ? null : (input.model ?? null),
        yearStart: keyed ? null : input.yearStart,
        yearEnd: keyed ? null : input.yearEnd,
        category: input.category ?? null,
        condition: input.condition,
        maxPrice: price(input.maxPrice),
        keywords: input.keywords,
        isActive: input.isActive,
        frequency: input.frequency,
        matchCount: 0,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      await keepTimeZone(em, actor.id, input.timeZone ?? null);
      return toAlertDto(alert, makes);
    });
  }

  /** The alert `id`, locked, if `actor` may change it; 404 when unknown, 403 when someone else's. */
  private async owned(actor: Actor, id: string): Promise<PartAlert> {
    const alert = await this.db.em.findOne(PartAlert, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!alert) throw Errors.notFound('Alert');
    if (!mayChange(actor, alert.userId)) throw Errors.forbidden();
    return alert;
  }

  /** Edits an alert of the actor's: pause or resume, rename, frequency, filters (left out: unchanged). */
  async update(actor: Actor, id: string, input: AlertUpdate): Promise<AlertDto> {
    return this.db.transaction(async (em) => {
      const alert = await this.owned(actor, id);
      if (input.vehicleId) await this.keyVehicle(alert.userId, input.vehicleId);
      const makes = await this.checkReferences(actor, input as Partial<AlertCreate>);
      const yearStart = input.yearStart !== undefined ? input.yearStart : (alert.yearStart ?? null);
      const yearEnd = input.yearEnd !== undefined ? input.yearEnd : (alert.yearEnd ?? null);
      if (yearStart !== null && yearEnd !== null && yearEnd < yearStart) {
        throw Errors.invalid('validation_failed', GARAGE_MESSAGES.yearOrder, { yearEnd: GARAGE_MESSAGES.yearOrder });
      }
      em.assign(alert, {
        ...(input.alertName !== undefined && { alertName: input.alertName }),
        ...(input.make !== undefined && { make: input.make }),
        ...(input.model !== undefined && { model: input.model }),
        yearStart,
        yearEnd,
        ...(input.category !== undefined && { category: input.category }),
        ...(input.condition !== undefined && { condition: input.condition ?? [] }),
        ...(input.maxPrice !== undefined && { maxPrice: price(input.maxPrice) }),
        ...(input.keywords !== undefined && { keywords: input.keywords ?? [] }),
        ...(input.garageVehicleId !== undefined && { garageVehicleId: input.garageVehicleId }),
        ...(input.vehicleId !== undefined && { vehicleId: input.vehicleId }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(input.frequency !== undefined && { frequency: input.frequency }),
        updatedAt: this.clock.now(),
      });
      if (alert.vehicleId) em.assign(alert, { make: null, model: null, yearStart: null, yearEnd: null });
      await em.flush();
      if (input.timeZone) await keepTimeZone(em, alert.userId, input.timeZone);
      return toAlertDto(alert, makes);
    });
  }

  /** Deletes an alert of the actor's (its past notifications stay in the feed). */
  async remove(actor: Actor, id: string): Promise<AlertDto> {
    return this.db.transaction(async (em) => {
      const alert = await this.owned(actor, id);
      const dto = toAlertDto(alert, (await this.names()).makes);
      await em.remove(alert).flush();
      return dto;
    });
  }

  /** The actor's digest settings (time zone and hour), created with the defaults when missing. */
  async settings(actor: Actor, input: { timeZone?: string; digestHour?: number }): Promise<{ timeZone: string; digestHour: number }> {
    return upsertSettings(this.db.em, actor.id, input);
  }
}
