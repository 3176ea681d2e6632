import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { PartDto } from '../catalog/index.js';

/** What an item for sale looks like to the alerts: a listed part, or an auction of one. */
export interface MatchItem {
  kind: 'part' | 'auction';
  id: string;
  title: string;
  /** The part's price, or the auction's starting bid, in cents. */
  priceCents: number;
  sellerId: string;
  part: PartDto;
}

/** A matching alert, as the match statement answers it. */
export interface MatchRow {
  id: string;
  user_id: string;
  alert_name: string;
  frequency: 'instant' | 'daily';
  /** The wanted request the alert was made from, or null. */
  wanted_request_id: string | null;
}

/** A PostgreSQL text[] literal of `values`. */
const textArray = (values: readonly string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/**
 * The statement finding every active alert that matches one item. The candidates come from
 * part_alerts_match_index by (make, category), '' standing for "any" (four index ranges, never all alerts); the
 * other fields are checked on those rows: model (the part's or a vehicle entry's), overlapping years, the
 * conditions, the maximum price and every keyword in the title, description or part number (letters and digits
 * compared, case and punctuation ignored). Measured in docs/performance.md "Garage" (p95 2.55 ms at 100,000 alerts).
 * Parameters: make, category, seller id, price in cents, condition, models (text[]), year spans (jsonb), text.
 * Alerts keyed to a vehicle are matched by VEHICLE_MATCH_SQL instead.
 */
export const MATCH_SQL = `
  select a.id, a.user_id, a.alert_name, a.frequency, a.wanted_request_id
    from part_alerts a
   where a.is_active and a.vehicle_id is null
     and coalesce(a.make, '') = any(array[?::text, ''])
     and coalesce(a.category, '') = any(array[?::text, ''])
     and a.user_id <> ?::uuid
     and (a.max_price is null or a.max_price * 100 >= ?::bigint)
     and (cardinality(a.condition) = 0 or ?::text = any(a.condition))
     and (a.model is null or lower(a.model) = any(?::text[]))
     and ((a.year_start is null and a.year_end is null) or exists (
           select 1 from jsonb_to_recordset(?::jsonb) s(lo int, hi int)
            where int4range(s.lo, s.hi, '[]')
               && int4range(coalesce(a.year_start, a.year_end)::int, coalesce(a.year_end, a.year_start)::int, '[]')))
     and (cardinality(a.keywords) = 0 or not exists (
           select 1 from unnest(a.keywords) k where strpos(?::text, regexp_replace(k, '[^a-z0-9]', '', 'g')) = 0))`;

/** The parameters of MATCH_SQL for one item. */
export function matchParams(item: MatchItem): unknown[] {
  const p = item.part;
  const models = new Set<string>();
  if (p.model) models.add(p.model.trim().toLowerCase());
  for (const f of p.vehicleCompatibility) models.add(f.model.trim().toLowerCase());
  // Year spans: the part's own years and each vehicle entry's; an entry without years fits any year.
  const spans: { lo: number | null; hi: number | null }[] = [];
  if (p.yearStart !== null || p.yearEnd !== null) spans.push({ lo: p.yearStart ?? p.yearEnd, hi: p.yearEnd ?? p.yearStart });
  for (const f of p.vehicleCompatibility) spans.push({ lo: f.yearStart ?? f.yearEnd, hi: f.yearEnd ?? f.yearStart });
  // Letters and digits only, so '901-108' finds part number 901.108.011 (keywords are compared the same way).
  const text = [item.title, p.title, p.description, p.partNumber ?? ''].join(' ').toLowerCase().replace(/[^a-z0-9]/g, '');
  return [p.make, p.category, item.sellerId, item.priceCents, p.condition, textArray([...models]), JSON.stringify(spans), text];
}

/** A vehicle-keyed alert that matches an item on everything but fitment, with its vehicle's facts. */
export interface VehicleMatchRow extends MatchRow {
  make: string;
  model: string;
  year_start: number | null;
  year_end: number | null;
  engine_code: string | null;
}

/**
 * The active alerts keyed to a vehicle that match one item on category, seller, price, condition and keywords
 * (as MATCH_SQL), each with its vehicle's make, model, years and engine code, for the fit rule (fitment.rules.ts)
 * to decide; candidates from part_alerts_vehicle_match_index by category ('' for "any").
 * Parameters: category, seller id, price in cents, condition, text.
 */
export const VEHICLE_MATCH_SQL = `
  select a.id, a.user_id, a.alert_name, a.frequency, a.wanted_request_id, v.make, v.model, v.year_start, v.year_end, v.engine_code
    from part_alerts a
    join buyer_garage v on v.id = a.vehicle_id
   where a.is_active and a.vehicle_id is not null
     and coalesce(a.category, '') = any(array[?::text, ''])
     and a.user_id <> ?::uuid
     and (a.max_price is null or a.max_price * 100 >= ?::bigint)
     and (cardinality(a.condition) = 0 or ?::text = any(a.condition))
     and (cardinality(a.keywords) = 0 or not exists (
           select 1 from unnest(a.keywords) k where strpos(?::text, regexp_replace(k, '[^a-z0-9]', '', 'g')) = 0))`;

/** The vehicle-keyed alerts `item` matches on everything but fitment (one statement). */
export function vehicleAlertCandidates(em: SqlExecutor, item: MatchItem): Promise<VehicleMatchRow[]> {
  const [, category, sellerId, priceCents, condition, , , text] = matchParams(item);
  return em.execute<VehicleMatchRow[]>(VEHICLE_MATCH_SQL, [category, sellerId, priceCents, condition, text]);
}

/** The alerts `item` matches (one statement). */
export function matchingAlerts(em: SqlExecutor, item: MatchItem): Promise<MatchRow[]> {
  return em.execute<MatchRow[]>(MATCH_SQL, matchParams(item));
}

/** Counts one new match on each of `alertIds`, triggered `at` (one statement whatever their number). */
export async function countMatches(em: SqlExecutor, alertIds: readonly string[], at: Date): Promise<void> {
  await em.execute('update part_alerts set last_triggered = ?, match_count = match_count + 1 where id = any(?::uuid[])', [at, uuidArray(alertIds)]);
}
