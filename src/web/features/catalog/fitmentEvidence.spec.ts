import { describe, expect, it } from 'vitest';
import type { FitmentEvidenceDto } from '../../../modules/catalog/part.dto';
import { evidenceSentences, lineSource, yearSpan } from './fitmentEvidence';

const line = (over: Partial<FitmentEvidenceDto>): FitmentEvidenceDto => ({
  make: 'Chevrolet',
  model: 'Camaro',
  yearStart: 1970,
  yearEnd: 1970,
  engine: null,
  confirmed: 0,
  withModification: 0,
  didNotFit: 0,
  ...over,
});

describe('fitment evidence sentences', () => {
  it('says who confirmed the fit, on which years, and with which engine', () => {
    const evidence = [
      line({ yearStart: 1969, yearEnd: 1970, engine: '350', confirmed: 2 }),
      line({ yearStart: 1972, yearEnd: 1972, confirmed: 1, withModification: 1 }),
    ];
    expect(evidenceSentences(evidence)).toEqual(['Fit confirmed by 3 buyers on 1969-1972 Camaro (2 with the 350)', '1 buyer: needed modification']);
  });

  it('names the vehicle when nobody confirmed it', () => {
    expect(evidenceSentences([line({ model: 'Nova', didNotFit: 2 })])).toEqual(['2 buyers: did not fit (1970 Nova)']);
    expect(evidenceSentences([])).toEqual([]);
  });

  it('spans years', () => {
    expect(yearSpan(1969, 1969)).toBe('1969');
    expect(yearSpan(null, 1972)).toBe('1972');
    expect(yearSpan(null, null)).toBe('');
  });
});

describe('a declared line’s source', () => {
  const declared = { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972, engine: null };

  it('counts the buyers who confirmed a vehicle of the line', () => {
    const evidence = [line({ confirmed: 2, engine: '350' }), line({ confirmed: 1, yearStart: 1980, yearEnd: 1980 }), line({ model: 'Nova', confirmed: 4 })];
    expect(lineSource(declared, evidence)).toBe('confirmed by 2 buyers');
    expect(lineSource({ ...declared, engine: 'LS-3' }, evidence)).toBe('declared by the seller');
    expect(lineSource(declared, [line({ didNotFit: 1 })])).toBe('declared by the seller');
  });
});
