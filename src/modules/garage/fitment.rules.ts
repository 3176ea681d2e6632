import type { NoFitReason } from './garage.dto.js';

/** A vehicle as fitment rules read it: make spellings (slug and name, lower case), model, years. */
export interface FitVehicle {
  makes: readonly string[];
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
}

/** A part's vehicle compatibility entry. */
export interface FitEntry {
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
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

/**
 * Whether `vehicle` fits one of `entries` (same make, same model ignoring case, overlapping years); when not, why:
 * no entry of its make ('make'), none of its model ('model'), or none of its years ('years').
 */
export function fitOf(vehicle: FitVehicle, entries: readonly FitEntry[]): { fits: true; reason: null } | { fits: false; reason: NoFitReason } {
  const sameMake = entries.filter((e) => vehicle.makes.includes(e.make.trim().toLowerCase()));
  if (!sameMake.length) return { fits: false, reason: 'make' };
  const sameModel = sameMake.filter((e) => e.model.trim().toLowerCase() === vehicle.model.trim().toLowerCase());
  if (!sameModel.length) return { fits: false, reason: 'model' };
  if (!sameModel.some((e) => yearsOverlap(e, vehicle))) return { fits: false, reason: 'years' };
  return { fits: true, reason: null };
}
