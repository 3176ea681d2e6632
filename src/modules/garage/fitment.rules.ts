import type { FitStatus, NoFitReason } from './garage.dto.js';

/** A vehicle as fitment rules read it: make spellings (slug and name, lower case), model, years, engine code. */
export interface FitVehicle {
  makes: readonly string[];
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  /** The engine code as typed (compared through engineKey), or null when the owner has not given it. */
  engineCode?: string | null;
}

/** A part's vehicle compatibility entry; `engine` names the engine it is for (null or blank: any engine). */
export interface FitEntry {
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine?: string | null;
}

/** One vehicle's answer: it fits, the engine must be checked (the vehicle has no engine code), or why it does not fit. */
export type FitResult =
  | { fits: true; status: 'fits'; reason: null }
  | { fits: false; status: 'check'; reason: 'engine_unknown' }
  | { fits: false; status: 'no_fit'; reason: NoFitReason };

/**
 * An engine name as fitment compares it: lower case, without spaces and dashes ("LS-3", "ls 3" and "LS3" are one
 * engine). '' when nothing is left, which counts as no engine. The catalog's fitsVehicle filter compares the same
 * way in SQL (ENGINE_KEY_SQL).
 */
export function engineKey(engine: string | null | undefined): string {
  return (engine ?? '').toLowerCase().replace(/[\s-]+/g, '');
}

/**
 * Whether two year spans overlap, ends included. One year given alone is that year; none is any year (as the
 * catalog's year filter reads a part's years).
 */
export function yearsOverlap(a: { yearStart: number | null; yearEnd: number | null }, b: { yearStart: number | null; yearEnd: number | null }): boolean {
  const aLo = a.yearStart ?? a.yearEnd;
  const aHi = a.yearEnd ?? a.yearStart;
  const bLo = b.yearStart ?? b.yearEnd;
  const bHi = b.yearEnd ?? b.yearStart;
  return (aLo === null || bHi === null || aLo <= bHi) && (bLo === null || aHi === null || bLo <= aHi);
}

/** How far an entry's body (make, model, years) matches the vehicle: the first that fails, or null when all match. */
function bodyMismatch(vehicle: FitVehicle, e: FitEntry): 'make' | 'model' | 'years' | null {
  if (!vehicle.makes.includes(e.make.trim().toLowerCase())) return 'make';
  if (e.model.trim().toLowerCase() !== vehicle.model.trim().toLowerCase()) return 'model';
  if (!yearsOverlap(e, vehicle)) return 'years';
  return null;
}

/** The order in which reasons are reached: the answer's reason is the furthest any entry got. */
const DEPTH: Record<NoFitReason, number> = { make: 0, model: 1, years: 2, engine: 3 };

/**
 * Whether `vehicle` fits one of `entries`. An entry without an engine is a body entry: it fits a vehicle of its
 * make (slug or name, any case), model (case and surrounding spaces ignored) and overlapping years. An entry that
 * names an engine is an engine entry: it fits a vehicle whose engine code is that engine (case, spaces and dashes
 * ignored), whatever the body, so an engine-swapped car is matched on its engine for engine parts and on its body
 * for body parts. A vehicle without an engine code whose body matches an engine entry is a `check`
 * (`engine_unknown`), when nothing fits. Otherwise the reason is the furthest any entry got: make, then model, then
 * years, then engine (the body matched, the engine code differs).
 */
export function fitOf(vehicle: FitVehicle, entries: readonly FitEntry[]): FitResult {
  const code = engineKey(vehicle.engineCode);
  let check = false;
  let reason: NoFitReason = 'make';
  for (const e of entries) {
    const engine = engineKey(e.engine);
    if (engine && code && engine === code) return { fits: true, status: 'fits', reason: null };
    const body = bodyMismatch(vehicle, e);
    if (!body && !engine) return { fits: true, status: 'fits', reason: null };
    const got: NoFitReason = body ?? 'engine';
    if (!body && !code) check = true;
    if (DEPTH[got] > DEPTH[reason]) reason = got;
  }
  if (check) return { fits: false, status: 'check', reason: 'engine_unknown' };
  return { fits: false, status: 'no_fit', reason };
}

/** The part-level answer of several vehicles' results: fits if one fits, check if one is a check, else no_fit. */
export function partStatus(results: readonly { status: FitStatus }[]): FitStatus {
  if (results.some((r) => r.status === 'fits')) return 'fits';
  if (results.some((r) => r.status === 'check')) return 'check';
  return 'no_fit';
}
