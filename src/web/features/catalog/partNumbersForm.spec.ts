import { describe, expect, it } from 'vitest';
import { MAX_PART_NUMBERS, PART_MESSAGES } from '../../../modules/catalog/part.messages';
import { newPartNumberDraft, partNumberDrafts, PART_NUMBER_KIND_OPTIONS, toPartNumbersPayload, validatePartNumbers, type PartNumberDraft } from './partNumbersForm';

const row = (number: string, kind: PartNumberDraft['kind'] = 'oem', key = number || 'blank'): PartNumberDraft => ({ key, number, kind });

describe('the sell form\'s other part numbers (issue 35)', () => {
  it('offers the four kinds, a new row being a blank OEM number with a key of its own', () => {
    expect(PART_NUMBER_KIND_OPTIONS.map((o) => o.value)).toEqual(['oem', 'casting', 'supersedes', 'aftermarket']);
    const [a, b] = [newPartNumberDraft(), newPartNumberDraft()];
    expect(a).toMatchObject({ number: '', kind: 'oem' });
    expect(a.key).not.toBe(b.key);
  });

  it('sends the kept rows trimmed, with their kinds, in order; blank rows are left out', () => {
    const drafts = [row(' 3932441 ', 'casting'), row('  ', 'oem', 'b'), row('GM-3970010', 'supersedes'), row('ED-1234', 'aftermarket')];
    expect(toPartNumbersPayload(drafts)).toEqual([
      { number: '3932441', kind: 'casting' },
      { number: 'GM-3970010', kind: 'supersedes' },
      { number: 'ED-1234', kind: 'aftermarket' },
    ]);
    // Removing every row sends an empty list, which removes the saved numbers on edit.
    expect(toPartNumbersPayload([])).toEqual([]);
  });

  it('fills the edit form from the saved numbers, and sends them back unchanged', () => {
    const saved = [
      { number: '3932441', kind: 'casting' as const },
      { number: 'GM-3970010', kind: 'oem' as const },
    ];
    const drafts = partNumberDrafts(saved);
    expect(drafts.map((d) => [d.number, d.kind])).toEqual([['3932441', 'casting'], ['GM-3970010', 'oem']]);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(2);
    expect(toPartNumbersPayload(drafts)).toEqual(saved);
  });

  it('checks each row with the server\'s sentences: a letter or digit, each number once ignoring dashes and case', () => {
    const result = validatePartNumbers([row('GM-3970010', 'oem', 'a'), row('--', 'oem', 'b'), row('gm 3970010', 'casting', 'c'), row('', 'oem', 'd')]);
    expect(result).toEqual({ rows: { b: PART_MESSAGES.numberText, c: PART_MESSAGES.repeatedNumber } });
    expect(validatePartNumbers([row('3932441')])).toEqual({ rows: {} });
  });

  it('refuses more numbers than the server takes', () => {
    const many = Array.from({ length: MAX_PART_NUMBERS + 1 }, (_, i) => row(`N${i}`));
    expect(validatePartNumbers(many).general).toBe(PART_MESSAGES.tooManyNumbers);
  });
});
