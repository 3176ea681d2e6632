import { MAX_PART_NUMBERS, PART_MESSAGES } from '../../../modules/catalog/part.messages';
import type { PartNumberDto, PartNumberKind } from '../../../modules/catalog/part.dto';
import type { PartCreateInput } from '../../../modules/catalog/catalog.inputs';

/** The sell form's other part numbers (issue 35), besides its Part Number field, each with its kind. */
export interface PartNumberDraft {
  key: string;
  number: string;
  kind: PartNumberKind;
}

/** The kind select's choices, in the order the seller meets them. */
export const PART_NUMBER_KIND_OPTIONS: ReadonlyArray<{ value: PartNumberKind; label: string }> = [
  { value: 'oem', label: 'OEM' },
  { value: 'casting', label: 'Casting' },
  { value: 'supersedes', label: 'Supersedes' },
  { value: 'aftermarket', label: 'Aftermarket' },
];

export { MAX_PART_NUMBERS };

let nextKey = 0;

/** A blank row (an OEM number by default), with a key of its own. */
export function newPartNumberDraft(): PartNumberDraft {
  nextKey += 1;
  return { key: `part-number-${nextKey}`, number: '', kind: 'oem' };
}

/** A listing's saved numbers as rows of the edit form. */
export function partNumberDrafts(saved: readonly PartNumberDto[]): PartNumberDraft[] {
  return saved.map((n, index) => ({ key: `saved-number-${index}`, number: n.number, kind: n.kind }));
}

/** The search's normalised number: letters and digits, upper case (as the server compares them). */
const normal = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The rows the form sends: blank ones are left out, as the server would. */
export function keptPartNumbers(drafts: readonly PartNumberDraft[]): PartNumberDraft[] {
  return drafts.filter((d) => d.number.trim() !== '');
}

/** The body's `partNumbers`: every kept row, trimmed, in the seller's order (an empty list removes them all). */
export function toPartNumbersPayload(drafts: readonly PartNumberDraft[]): NonNullable<PartCreateInput['partNumbers']> {
  return keptPartNumbers(drafts).map((d) => ({ number: d.number.trim(), kind: d.kind }));
}

/** The checks of the kept rows, keyed by row: a number with a letter or digit, each number once; and the limit. */
export function validatePartNumbers(drafts: readonly PartNumberDraft[]): { rows: Record<string, string>; general?: string } {
  const rows: Record<string, string> = {};
  const seen = new Set<string>();
  const kept = keptPartNumbers(drafts);
  for (const d of kept) {
    const norm = normal(d.number);
    if (!norm) rows[d.key] = PART_MESSAGES.numberText;
    else if (seen.has(norm)) rows[d.key] = PART_MESSAGES.repeatedNumber;
    else if (d.number.trim().length > 100) rows[d.key] = 'Must be at most 100 characters';
    seen.add(norm);
  }
  return kept.length > MAX_PART_NUMBERS ? { rows, general: PART_MESSAGES.tooManyNumbers } : { rows };
}
