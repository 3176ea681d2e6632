import { describe, expect, it } from 'vitest';
import { evidenceLines, evidenceNumbers, reportOf, vehicleFromLines, type ReportCount } from './fitment-evidence.rules.js';

const row = (over: Partial<ReportCount>): ReportCount => ({
  partId: 'p1',
  partNumberNorm: 'GM3970010',
  make: 'Chevrolet',
  model: 'Camaro',
  yearStart: 1970,
  yearEnd: 1970,
  engine: null,
  fits: 'yes',
  count: 1,
  ...over,
});

describe('evidenceLines', () => {
  const part = { id: 'p1', partNumberNorm: 'GM3970010' };

  it('follows the part number to other listings, and only it', () => {
    expect(reportOf(part, { partId: 'p2', partNumberNorm: 'GM3970010' })).toBe(true);
    expect(reportOf(part, { partId: 'p2', partNumberNorm: 'GM1' })).toBe(false);
    expect(reportOf({ id: 'p1', partNumberNorm: null }, { partId: 'p2', partNumberNorm: null })).toBe(false);
    expect(reportOf({ id: 'p1', partNumberNorm: null }, { partId: 'p1', partNumberNorm: null })).toBe(true);
  });

  it('merges make, model and engine ignoring case and engine dashes, spanning the years', () => {
    const lines = evidenceLines(part, [
      row({ yearStart: 1969, yearEnd: 1969, engine: 'LS-3' }),
      row({ partId: 'p2', make: 'chevrolet', model: 'CAMARO', yearStart: 1972, yearEnd: null, engine: 'ls3', count: 2 }),
      row({ fits: 'with_modification', engine: 'LS3' }),
      row({ fits: 'no', engine: null }),
      row({ partId: 'p3', partNumberNorm: 'OTHER', count: 9 }),
    ]);
    expect(lines).toEqual([
      { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972, engine: 'LS-3', confirmed: 3, withModification: 1, didNotFit: 0 },
      { make: 'Chevrolet', model: 'Camaro', yearStart: 1970, yearEnd: 1970, engine: null, confirmed: 0, withModification: 0, didNotFit: 1 },
    ]);
  });

  it('puts the most confirmed line first, then the most reported', () => {
    const lines = evidenceLines(part, [row({ model: 'Nova', fits: 'no', count: 5 }), row({ model: 'Chevelle', fits: 'no', count: 1 }), row({ model: 'Camaro' })]);
    expect(lines.map((l) => l.model)).toEqual(['Camaro', 'Nova', 'Chevelle']);
  });
});

describe('interchange groups', () => {
  const part = { id: 'p1', partNumberNorm: '3970010', interchangeNorms: ['3932441', 'GM3932441'] };

  it('counts the reports of listings whose number is interchangeable with the part\'s', () => {
    expect(reportOf(part, { partId: 'p9', partNumberNorm: '3932441' })).toBe(true);
    expect(reportOf(part, { partId: 'p9', partNumberNorm: '9999999' })).toBe(false);
    expect(reportOf({ id: 'p1', partNumberNorm: null, interchangeNorms: ['3932441'] }, { partId: 'p9', partNumberNorm: '3932441' })).toBe(false);
  });

  it('asks for each number once, the interchangeable ones included', () => {
    expect(evidenceNumbers([part, { id: 'p2', partNumberNorm: '3932441' }, { id: 'p3', partNumberNorm: null }])).toEqual(['3970010', '3932441', 'GM3932441']);
  });
});

describe('vehicleFromLines', () => {
  const camaro = { make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1968, engine: null };
  const nova = { make: 'Chevrolet', model: 'Nova', yearStart: 1968, yearEnd: 1972, engine: ' 350 ' };

  it('takes the only line, whatever the garage', () => {
    expect(vehicleFromLines([nova], [])).toEqual({ make: 'Chevrolet', model: 'Nova', yearStart: 1968, yearEnd: 1972, engine: '350' });
  });

  it('takes the line a buyer’s vehicle fits, else the first', () => {
    const myNova = { makes: ['chevrolet'], model: 'Nova', yearStart: 1970, yearEnd: 1970, engineCode: '350' };
    expect(vehicleFromLines([camaro, nova], [myNova])?.model).toBe('Nova');
    expect(vehicleFromLines([camaro, nova], [])?.model).toBe('Camaro');
    expect(vehicleFromLines([], [myNova])).toBeNull();
  });
});
