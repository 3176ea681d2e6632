import type { EvidenceKey, FitmentEvidenceDto } from '../catalog/index.js';
import { engineKey, fitOf, type FitEntry, type FitVehicle } from './fitment.rules.js';
import type { FitAnswer } from './garage.dto.js';

/** Reports counted by vehicle and answer, as the evidence statement reads them (fitment-report.repository.ts). */
export interface ReportCount {
  partId: string;
  partNumberNorm: string | null;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
  fits: FitAnswer;
  count: number;
}

/**
 * Whether a report of `row` speaks for `part`: the same listing, a listing of the same normalised part number, or
 * one whose number shares an interchange group with the part's.
 */
export function reportOf(part: EvidenceKey, row: Pick<ReportCount, 'partId' | 'partNumberNorm'>): boolean {
  if (row.partId === part.id) return true;
  if (part.partNumberNorm === null || row.partNumberNorm === null) return false;
  return row.partNumberNorm === part.partNumberNorm || (part.interchangeNorms?.includes(row.partNumberNorm) ?? false);
}

/** Every normalised number whose listings' reports count for `parts` (their own and the interchangeable ones). */
export function evidenceNumbers(parts: readonly EvidenceKey[]): string[] {
  return [...new Set(parts.flatMap((p) => (p.partNumberNorm ? [p.partNumberNorm, ...(p.interchangeNorms ?? [])] : [])))];
}

const lineKey = (r: Pick<ReportCount, 'make' | 'model' | 'engine'>) => `${r.make.trim().toLowerCase()}|${r.model.trim().toLowerCase()}|${engineKey(r.engine)}`;
const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The evidence lines of `part` from counted reports: one line per make, model and engine (case, spaces and dashes of
 * the engine ignored; no engine is its own line), its years spanning the reports' vehicles (one year alone is that
 * year), the counts per answer; the line with most "yes" first, then most reports, then by make and model.
 */
export function evidenceLines(part: EvidenceKey, rows: readonly ReportCount[]): FitmentEvidenceDto[] {
  const lines = new Map<string, FitmentEvidenceDto>();
  for (const r of rows) {
    if (!reportOf(part, r)) continue;
    const key = lineKey(r);
    let line = lines.get(key);
    if (!line) {
      line = { make: r.make, model: r.model, yearStart: null, yearEnd: null, engine: r.engine?.trim() || null, confirmed: 0, withModification: 0, didNotFit: 0 };
      lines.set(key, line);
    }
    line.yearStart = minOf(line.yearStart, r.yearStart ?? r.yearEnd);
    line.yearEnd = maxOf(line.yearEnd, r.yearEnd ?? r.yearStart);
    if (r.fits === 'yes') line.confirmed += r.count;
    else if (r.fits === 'with_modification') line.withModification += r.count;
    else line.didNotFit += r.count;
  }
  const total = (l: FitmentEvidenceDto) => l.confirmed + l.withModification + l.didNotFit;
  return [...lines.values()].sort(
    (a, b) => b.confirmed - a.confirmed || total(b) - total(a) || a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || (a.engine ?? '').localeCompare(b.engine ?? ''),
  );
}

/** The vehicle a report stores: make (display name), model, years and engine. */
export interface ReportedVehicle {
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
}

/**
 * The vehicle of a report sent without a garage vehicle, from the part's own fitment lines: the only line when there
 * is one; among several, the first that one of the buyer's vehicles (best priority first) fits, else the first line.
 * Null when the part declares no line (the caller then asks for a vehicle).
 */
export function vehicleFromLines(lines: readonly FitEntry[], buyerVehicles: readonly FitVehicle[]): ReportedVehicle | null {
  if (!lines.length) return null;
  const matched = lines.length === 1 ? lines[0]! : (buyerVehicles.flatMap((v) => lines.filter((l) => fitOf(v, [l]).fits))[0] ?? lines[0]!);
  return { make: matched.make, model: matched.model, yearStart: matched.yearStart, yearEnd: matched.yearEnd, engine: matched.engine?.trim() || null };
}
