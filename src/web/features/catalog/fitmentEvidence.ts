import type { FitmentDto, FitmentEvidenceDto } from '../../../modules/catalog/part.dto';

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
const engineKey = (v: string | null | undefined) => norm(v).replace(/[\s-]+/g, '');
const buyers = (n: number) => `${n} buyer${n === 1 ? '' : 's'}`;

/** "1969-1972", "1970" or "" for a span of years. */
export function yearSpan(start: number | null, end: number | null): string {
  const lo = start ?? end;
  const hi = end ?? start;
  if (lo === null || hi === null) return '';
  return lo === hi ? String(lo) : `${lo}-${hi}`;
}

interface Group {
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  lines: FitmentEvidenceDto[];
}

const sum = (lines: readonly FitmentEvidenceDto[], key: 'confirmed' | 'withModification' | 'didNotFit') => lines.reduce((n, l) => n + l[key], 0);

/**
 * The part page's evidence sentences, one group per make and model: "Fit confirmed by 3 buyers on 1969-1972 Camaro
 * (2 with the 350)", then "1 buyer: needed modification" and "1 buyer: did not fit" (naming the vehicle when no
 * confirmation did).
 */
export function evidenceSentences(evidence: readonly FitmentEvidenceDto[]): string[] {
  const groups = new Map<string, Group>();
  for (const e of evidence) {
    const key = `${norm(e.make)}|${norm(e.model)}`;
    const g = groups.get(key) ?? { model: e.model, yearStart: null, yearEnd: null, lines: [] };
    const lo = e.yearStart ?? e.yearEnd;
    const hi = e.yearEnd ?? e.yearStart;
    g.yearStart = g.yearStart === null ? lo : lo === null ? g.yearStart : Math.min(g.yearStart, lo);
    g.yearEnd = g.yearEnd === null ? hi : hi === null ? g.yearEnd : Math.max(g.yearEnd, hi);
    g.lines.push(e);
    groups.set(key, g);
  }
  const sentences: string[] = [];
  for (const g of groups.values()) {
    const vehicle = [yearSpan(g.yearStart, g.yearEnd), g.model].filter(Boolean).join(' ');
    const confirmed = sum(g.lines, 'confirmed');
    if (confirmed) {
      const engines = g.lines.filter((l) => l.engine && l.confirmed).map((l) => `${l.confirmed} with the ${l.engine}`);
      sentences.push(`Fit confirmed by ${buyers(confirmed)} on ${vehicle}${engines.length ? ` (${engines.join(', ')})` : ''}`);
    }
    const on = confirmed ? '' : ` (${vehicle})`;
    const modified = sum(g.lines, 'withModification');
    if (modified) sentences.push(`${buyers(modified)}: needed modification${on}`);
    const noFit = sum(g.lines, 'didNotFit');
    if (noFit) sentences.push(`${buyers(noFit)}: did not fit${on}`);
  }
  return sentences;
}

/**
 * Where a declared fitment line stands: "confirmed by N buyers" when buyers reported that it fitted a vehicle of the
 * line (make, model, overlapping years, and the line's engine when it names one), else "declared by the seller".
 */
export function lineSource(line: Pick<FitmentDto, 'make' | 'model' | 'yearStart' | 'yearEnd' | 'engine'>, evidence: readonly FitmentEvidenceDto[]): string {
  const lo = line.yearStart ?? line.yearEnd;
  const hi = line.yearEnd ?? line.yearStart;
  const confirmed = evidence
    .filter((e) => norm(e.make) === norm(line.make) && norm(e.model) === norm(line.model))
    .filter((e) => {
      const eLo = e.yearStart ?? e.yearEnd;
      const eHi = e.yearEnd ?? e.yearStart;
      return (lo === null || eHi === null || lo <= eHi) && (eLo === null || hi === null || eLo <= hi);
    })
    .filter((e) => !engineKey(line.engine) || !e.engine || engineKey(e.engine) === engineKey(line.engine))
    .reduce((n, e) => n + e.confirmed, 0);
  return confirmed ? `confirmed by ${buyers(confirmed)}` : 'declared by the seller';
}
