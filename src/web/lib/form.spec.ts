import { describe, expect, it } from 'vitest';
import { clearFieldError, type FieldErrors } from './form';

interface Sample {
  name: string;
  email: string;
}

describe('clearFieldError', () => {
  it('removes the message of the edited field and keeps the others', () => {
    const errors: FieldErrors<Sample> = { name: 'Name is required', email: 'Please enter a valid email address' };
    const cleared = clearFieldError(errors, 'name');
    expect(cleared.name).toBeUndefined();
    expect(cleared.email).toBe('Please enter a valid email address');
    expect(errors.name).toBe('Name is required');
  });

  it('returns the same object when the edited field had no message', () => {
    const errors: FieldErrors<Sample> = { email: 'Please enter a valid email address' };
    expect(clearFieldError(errors, 'name')).toBe(errors);
  });
});
