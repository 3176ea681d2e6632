import { describe, expect, it } from 'vitest';
import { crossCompatibilityHints } from './compatibility';

const base = { make: 'ford', makeName: 'Ford', model: 'Falcon', category: 'interior', categoryName: 'Interior' };

describe('crossCompatibilityHints', () => {
  it('suggests the Firebird for Chevrolet Camaro body parts', () => {
    const hints = crossCompatibilityHints({ ...base, make: 'chevrolet', makeName: 'Chevrolet', model: 'Camaro', category: 'body', categoryName: 'Body & Panels' });
    expect(hints).toEqual(['Also fits the Pontiac Firebird of the same years (shared F-body platform).']);
  });

  it('suggests related Fords for Ford Mustang engine parts', () => {
    const hints = crossCompatibilityHints({ ...base, model: 'Mustang', category: 'engine', categoryName: 'Engine' });
    expect(hints).toEqual(['Also fits the Mercury Cougar and Ford Falcon with the same engine family.']);
  });

  it('reminds to check fitment for anything in Wheels', () => {
    const hints = crossCompatibilityHints({ ...base, category: 'wheels', categoryName: 'Wheels & Tires' });
    expect(hints).toEqual(['Check the bolt pattern, offset and centre bore against your vehicle before buying.']);
  });

  it('has nothing to say about other parts', () => {
    expect(crossCompatibilityHints(base)).toEqual([]);
    expect(crossCompatibilityHints({ ...base, model: 'Mustang', category: 'body', categoryName: 'Body & Panels' })).toEqual([]);
  });
});
