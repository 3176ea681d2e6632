import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { toConsoleError } from './dataProvider';

describe('console errors', () => {
  it("turns a refusal with field errors into a plain error carrying the server's message", () => {
    const original = new HttpError('You cannot change your own role', 409, {
      message: 'You cannot change your own role',
      code: 'own_role',
      errors: { role: 'You cannot change your own role' },
    });
    const error = toConsoleError(original) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('You cannot change your own role');
    expect(error.body).toEqual({ message: 'You cannot change your own role', code: 'own_role' });
  });

  it('keeps the field errors of a 400 so the form shows them beside the inputs', () => {
    const original = new HttpError('Role must be buyer, seller or admin', 400, { errors: { role: 'Role must be buyer, seller or admin' } });
    expect(toConsoleError(original)).toBe(original);
  });

  it('passes other errors through untouched', () => {
    const forbidden = new HttpError('Forbidden', 403, { message: 'Forbidden' });
    const network = new TypeError('Failed to fetch');
    expect(toConsoleError(forbidden)).toBe(forbidden);
    expect(toConsoleError(network)).toBe(network);
  });
});
