import { describe, expect, it } from 'vitest';
import { displayName } from './useAuth';

describe('displayName', () => {
  it('shows the full name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
  });

  it('shows the first name alone when there is no last name', () => {
    expect(displayName({ firstName: 'Ada', lastName: '', username: 'ada' })).toBe('Ada');
  });

  it('falls back to the username without a first name', () => {
    expect(displayName({ firstName: '  ', lastName: 'Lovelace', username: 'ada' })).toBe('ada');
    expect(displayName({ firstName: '', lastName: '', username: 'ada' })).toBe('ada');
  });
});
