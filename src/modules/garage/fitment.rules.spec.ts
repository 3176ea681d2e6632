import { describe, expect, it } from 'vitest';
import { fitOf, yearsOverlap } from './fitment.rules.js';

const car = { makes: ['porsche', 'porsche'], model: '911', yearStart: 1967, yearEnd: 1969 };
const entry = (make: string, model: string, yearStart: number | null, yearEnd: number | null) => ({ make, model, yearStart, yearEnd });

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
    expect(fitOf(car, [entry('Porsche', ' 911 ', 1965, 1973)])).toEqual({ fits: true, reason: null });
    expect(fitOf(car, [entry('PORSCHE', '911', null, null)])).toEqual({ fits: true, reason: null });
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
});
