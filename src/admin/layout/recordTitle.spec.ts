import { describe, expect, it } from 'vitest';
import { recordTitle } from './recordTitle';

describe('recordTitle', () => {
  it('names the kind of record and the record', () => {
    expect(recordTitle('Order', '"Brake caliper"')).toBe('Order "Brake caliper"');
    expect(recordTitle('Return', 'of "Brake caliper"')).toBe('Return of "Brake caliper"');
  });

  it('keeps the kind alone while the record loads', () => {
    expect(recordTitle('Order', undefined)).toBe('Order ');
  });
});
