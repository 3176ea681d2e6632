import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { CatalogReference } from '../catalog/index.js';
import type { AlertDto } from './garage.dto.js';
import { GARAGE_MESSAGES, type AlertCreate, type AlertUpdate, type ListQuery } from './garage.schemas.js';
import { mayChange, ownerOf } from './vehicle.service.js';
import { Database } from '../../platform/db/database.js';

/** A row of `part_alerts`. */
export interface AlertRow {
  id: string;
  user_id: string;
  garage_vehicle_id: string | null;
  alert_name: string;
  make: string | null;
  model: string | null;
  year_start: number | null;
  year_end: number | null;
  category: string | null;
  condition: string[];
  max_price: string | null;
  keywords: string[];
  is_active: boolean;
  frequency: AlertDto['frequency'];
  last_triggered: Date | null;
  match_count: number;
  created_at: Date;
  updated_at: Date;
}

export const ALERT_COLUMNS =
  'id, user_id, garage_vehicle_id, alert_name, make, model, year_start, year_end, category, condition, max_price, keywords, is_active, frequency, last_triggered, match_count, created_at, updated_at';

/** A PostgreSQL text[] literal of `values`. */
export const textArray = (values: readonly string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Part alerts and saved searches: list, create, edit (pause, rename, frequency), delete. */
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

  toDto(r: AlertRow, makes: Map<string, string>): AlertDto {
    return {
      id: r.id,
      userId: r.user_id,
      alertName: r.alert_name,
      make: r.make,
      makeName: r.make ? (makes.get(r.make) ?? null) : null,
      model: r.model,
      yearStart: r.year_start,
      yearEnd: r.year_end,
      category: r.category,
      condition: r.condition,
      maxPrice: r.max_price === null ? null : formatCents(storedCents(r.max_price)),
      keywords: r.keywords,
      garageVehicleId: r.garage_vehicle_id,
      isActive: r.is_active,
      frequency: r.frequency,
      lastTriggered: iso(r.last_triggered),
      matchCount: r.match_count,
      createdAt: iso(r.created_at)!,
      updatedAt: iso(r.updated_at)!,
    };
  }

  /** A page of a user's alerts, newest first. */
  async list(actor: Actor, userId: string, page: ListQuery): Promise<ListPage<AlertDto>> {
    const owner = ownerOf(actor, userId);
    const rows = await this.db.em.execute<(AlertRow & { total: number })[]>(
      `select ${ALERT_COLUMNS}, count(*) over ()::int as total from part_alerts where user_id = ?
        order by created_at desc, id limit ? offset ?`,
      [owner, page.limit, page.offset],
    );
    const { makes } = await this.names();
    return { rows: rows.map((r) => this.toDto(r, makes)), total: rows[0]?.total ?? 0 };
  }

  private async checkReferences(em: SqlExecutor, actor: Actor, input: Partial<AlertCreate>) {
    const { makes, categories } = await this.names();
    if (input.make && !makes.has(input.make)) {
      throw Errors.invalid('validation_failed', GARAGE_MESSAGES.unknownMake, { make: GARAGE_MESSAGES.unknownMake });
    }
    if (input.category && !categories.has(input.category)) {
      throw Errors.invalid('validation_failed', GARAGE_MESSAGES.unknownCategory, { category: GARAGE_MESSAGES.unknownCategory });
    }
    if (input.garageVehicleId) {
      const [v] = await em.execute<{ user_id: string }[]>('select user_id from buyer_garage where id = ?', [input.garageVehicleId]);
      if (!v || v.user_id !== actor.id) {
        throw Errors.invalid('validation_failed', 'Choose one of your vehicles', { garageVehicleId: 'Choose one of your vehicles' });
      }
    }
    return makes;
  }

  /** Keeps the user's time zone for the daily digest (the browser's, sent with the alert form). */
  async keepTimeZone(em: SqlExecutor, userId: string, timeZone: string | undefined): Promise<void> {
    await em.execute(
      `insert into garage_alert_settings (user_id, time_zone) values (?, coalesce(?, 'UTC'))
       on conflict (user_id) do update set time_zone = coalesce(excluded.time_zone, garage_alert_settings.time_zone)
       where ? is not null`,
      [userId, timeZone ?? null, timeZone ?? null],
    );
  }

  /** Creates an alert of the actor's (the owner is always the actor). */
  async create(actor: Actor, input: AlertCreate): Promise<AlertDto> {
    return this.db.em.transactional(async (em) => {
      const makes = await this.checkReferences(em, actor, input);
      const now = this.clock.now();
      const [row] = await em.execute<AlertRow[]>(
        `insert into part_alerts (user_id, garage_vehicle_id, alert_name, make, model, year_start, year_end, category,
                                  condition, max_price, keywords, is_active, frequency, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?::numeric / 100, ?::text[], ?, ?, ?, ?) returning ${ALERT_COLUMNS}`,
        [
          actor.id,
          input.garageVehicleId,
          input.alertName,
          input.make ?? null,
          input.model ?? null,
          input.yearStart,
          input.yearEnd,
          input.category ?? null,
          textArray(input.condition),
          input.maxPrice,
          textArray(input.keywords),
          input.isActive,
          input.frequency,
          now,
          now,
        ],
      );
      await this.keepTimeZone(em, actor.id, input.timeZone);
      return this.toDto(row!, makes);
    });
  }

  private async owned(em: SqlExecutor, actor: Actor, id: string): Promise<AlertRow> {
    const [row] = await em.execute<AlertRow[]>(`select ${ALERT_COLUMNS} from part_alerts where id = ? for update`, [id]);
    if (!row) throw Errors.notFound('Alert');
    if (!mayChange(actor, row.user_id)) throw Errors.forbidden();
    return row;
  }

  /** Edits an alert of the actor's: pause or resume, rename, frequency, filters. */
  async update(actor: Actor, id: string, input: AlertUpdate): Promise<AlertDto> {
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id);
      const makes = await this.checkReferences(em, actor, input as Partial<AlertCreate>);
      const pick = <K extends keyof AlertUpdate>(key: K, current: unknown) => (input[key] !== undefined ? input[key] : current);
      const yearStart = pick('yearStart', row.year_start) as number | null;
      const yearEnd = pick('yearEnd', row.year_end) as number | null;
      if (yearStart !== null && yearEnd !== null && yearEnd < yearStart) {
        throw Errors.invalid('validation_failed', GARAGE_MESSAGES.yearOrder, { yearEnd: GARAGE_MESSAGES.yearOrder });
      }
      const maxPriceCents = input.maxPrice !== undefined ? input.maxPrice : row.max_price === null ? null : storedCents(row.max_price);
      const [updated] = await em.execute<AlertRow[]>(
        `update part_alerts set alert_name = ?, make = ?, model = ?, year_start = ?, year_end = ?, category = ?,
                condition = ?::text[], max_price = ?::numeric / 100, keywords = ?::text[], garage_vehicle_id = ?,
                is_active = ?, frequency = ?, updated_at = ?
          where id = ? returning ${ALERT_COLUMNS}`,
        [
          pick('alertName', row.alert_name),
          pick('make', row.make),
          pick('model', row.model),
          yearStart,
          yearEnd,
          pick('category', row.category),
          textArray((pick('condition', row.condition) as string[]) ?? []),
          maxPriceCents,
          textArray((pick('keywords', row.keywords) as string[]) ?? []),
          pick('garageVehicleId', row.garage_vehicle_id),
          pick('isActive', row.is_active),
          pick('frequency', row.frequency),
          this.clock.now(),
          id,
        ],
      );
      if (input.timeZone) await this.keepTimeZone(em, row.user_id, input.timeZone);
      return this.toDto(updated!, makes);
    });
  }

  /** Deletes an alert of the actor's (its past notifications stay in the feed). */
  async remove(actor: Actor, id: string): Promise<AlertDto> {
    return this.db.em.transactional(async (em) => {
      const row = await this.owned(em, actor, id);
      await em.execute('delete from part_alerts where id = ?', [id]);
      return this.toDto(row, (await this.names()).makes);
    });
  }

  /** The actor's digest settings (time zone and hour), created with the defaults when missing. */
  async settings(actor: Actor, input: { timeZone?: string; digestHour?: number }): Promise<{ timeZone: string; digestHour: number }> {
    const [row] = await this.db.em.execute<{ time_zone: string; digest_hour: number }[]>(
      `insert into garage_alert_settings (user_id, time_zone, digest_hour) values (?, coalesce(?, 'UTC'), coalesce(?, 8))
       on conflict (user_id) do update set time_zone = coalesce(?, garage_alert_settings.time_zone),
                                           digest_hour = coalesce(?, garage_alert_settings.digest_hour)
       returning time_zone, digest_hour`,
      [actor.id, input.timeZone ?? null, input.digestHour ?? null, input.timeZone ?? null, input.digestHour ?? null],
    );
    return { timeZone: row!.time_zone, digestHour: row!.digest_hour };
  }
}
