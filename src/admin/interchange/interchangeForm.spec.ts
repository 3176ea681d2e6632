import { describe, expect, it } from 'vitest';
import { numbersText, toInterchangePayload, validateInterchange } from './interchangeForm';

describe('the interchange group form', () => {
  it('edits numbers one a line and sends them trimmed, without blank lines', () => {
    expect(numbersText(['3932441', '3970010'])).toBe('3932441\n3970010');
    expect(toInterchangePayload({ name: ' SBC ', numbers: [' 3932441', '', '3970010 '] })).toEqual({ name: 'SBC', numbers: ['3932441', '3970010'] });
  });

  it('says what the server would refuse', () => {
    expect(validateInterchange({ name: '', numbers: ['1', '2'] }).name).toBeDefined();
    expect(validateInterchange({ name: 'x', numbers: ['1234'] }).numbers).toMatch(/at least two/);
    expect(validateInterchange({ name: 'x', numbers: ['39-70010', '3970010'] }).numbers).toMatch(/only once/);
    expect(validateInterchange({ name: 'x', numbers: ['1234', '5678'] })).toEqual({});
  });
});
