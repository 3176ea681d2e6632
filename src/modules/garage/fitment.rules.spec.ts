import { describe, expect, it } from 'vitest';
import { engineKey, fitOf, partStatus, yearsOverlap } from './fitment.rules.js';

const car = { makes: ['porsche', 'porsche'], model: '911', yearStart: 1967, yearEnd: 1969 };
const entry = (make: string, model: string, yearStart: number | null, yearEnd: number | null, engine: string | null = null) => ({ make, model, yearStart, yearEnd, engine });
const FITS = { fits: true, status: 'fits', reason: null };

describe('fitment rules', () => {
  it('counts spans that touch at either end as overlapping', () => {
    expect(yearsOverlap({ yearStart: 1960, yearEnd: 1967 }, car)).toBe(true);
    expect(yearsOverlap({ yearStart: 1969, yearEnd: 1975 }, car)).toBe(true);
    expect(yearsOverlap({ yearStart: 1960, yearEnd: 1966 }, car)).toBe(false);
    expect(yearsOverlap({ yearStart: 1970, yearEnd: 1975 }, car)).toBe(false);
  });

  it('reads one year alone as that year, and no years as any year', () => {
    expect(yearsOverlap({ yearStart: 1968, yearEnd: null }, car)).toBe(true);
    expect(yearsOverlap({ yearStart: null, yearEnd: 1970 }, car)).toBe(false);
    expect(yearsOverlap({ yearStart: null, yearEnd: null }, car)).toBe(true);
    expect(yearsOverlap(car, { yearStart: null, yearEnd: null })).toBe(true);
  });

  it('fits on make (slug or name, any case), model (case and spaces ignored) and years', () => {
    expect(fitOf(car, [entry('Porsche', ' 911 ', 1965, 1973)])).toEqual(FITS);
    expect(fitOf(car, [entry('PORSCHE', '911', null, null)])).toEqual(FITS);
  });

  it('says why not: make first, then model, then years', () => {
    expect(fitOf(car, [entry('Ford', '911', 1967, 1969)]).reason).toBe('make');
    expect(fitOf(car, [entry('Porsche', '912', 1967, 1969), entry('Ford', 'Mustang', 1967, 1969)]).reason).toBe('model');
    expect(fitOf(car, [entry('Porsche', '911', 1974, 1989), entry('Porsche', '912', 1967, 1969)]).reason).toBe('years');
    expect(fitOf(car, []).reason).toBe('make');
  });

  it('fits when any one entry fits', () => {
    expect(fitOf(car, [entry('Porsche', '911', 1974, 1989), entry('Porsche', '911', 1969, 1969)]).fits).toBe(true);
  });

  describe('engines', () => {
    // A 1969 Camaro with an LS3 swapped in, a stock one with its L78, and one whose engine the owner has not given.
    const swapped = { makes: ['chevrolet'], model: 'Camaro', yearStart: 1969, yearEnd: 1969, engineCode: 'LS3' };
    const stock = { ...swapped, engineCode: 'L78' };
    const unknown = { ...swapped, engineCode: null };
    const ls3Pump = [entry('Chevrolet', 'Corvette', 2008, 2013, 'LS-3')];
    const l78Manifold = [entry('Chevrolet', 'Camaro', 1967, 1969, 'L78')];
    const fender = [entry('Chevrolet', 'Camaro', 1967, 1969)];

    it('compares engine codes ignoring case, spaces and dashes', () => {
      expect(engineKey(' LS-3 ')).toBe('ls3');
      expect(engineKey('ls 3')).toBe('ls3');
      expect(engineKey('901/01')).toBe('901/01');
      expect(engineKey(' - ')).toBe('');
      expect(engineKey(null)).toBe('');
    });

    it('matches an engine entry on the engine code, whatever the body (an engine swap)', () => {
      expect(fitOf(swapped, ls3Pump)).toEqual(FITS);
      expect(fitOf({ ...swapped, engineCode: 'ls 3' }, ls3Pump)).toEqual(FITS);
      expect(fitOf(stock, ls3Pump)).toEqual({ fits: false, status: 'no_fit', reason: 'model' });
    });

    it('matches a body entry on make, model and years, whatever the engine', () => {
      expect(fitOf(swapped, fender)).toEqual(FITS);
      expect(fitOf(unknown, fender)).toEqual(FITS);
    });

    it('answers engine when the body matches and the engine code differs', () => {
      expect(fitOf(swapped, l78Manifold)).toEqual({ fits: false, status: 'no_fit', reason: 'engine' });
      expect(fitOf(stock, l78Manifold)).toEqual(FITS);
    });

    it('answers check (engine_unknown) when the body matches an engine entry and the vehicle has no engine code', () => {
      expect(fitOf(unknown, l78Manifold)).toEqual({ fits: false, status: 'check', reason: 'engine_unknown' });
      // The body of an engine entry for another car does not make it a check.
      expect(fitOf(unknown, ls3Pump)).toEqual({ fits: false, status: 'no_fit', reason: 'model' });
      // Any entry that fits wins over a check.
      expect(fitOf(unknown, [...l78Manifold, ...fender])).toEqual(FITS);
    });

    it('treats an engine of only spaces and dashes as no engine', () => {
      expect(fitOf(stock, [entry('Chevrolet', 'Camaro', 1969, 1969, ' - ')])).toEqual(FITS);
    });

    it('gives the part one status: fits, else check, else no_fit', () => {
      expect(partStatus([{ status: 'no_fit' }, { status: 'check' }, { status: 'fits' }])).toBe('fits');
      expect(partStatus([{ status: 'no_fit' }, { status: 'check' }])).toBe('check');
      expect(partStatus([{ status: 'no_fit' }])).toBe('no_fit');
      expect(partStatus([])).toBe('no_fit');
    });
  });
});
