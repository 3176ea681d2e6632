import { describe, expect, it } from 'vitest';
import { canUseConsole, displayName, errorAction, errorMessage, isSessionUser, toIdentity } from './session';

const user = {
  id: '7d1c2f2e-0000-4000-8000-000000000001',
  username: 'jclark',
  firstName: 'Jim',
  lastName: 'Clark',
  email: 'jim@example.com',
  role: 'admin' as const,
};

describe('identity', () => {
  it('uses the first and last name as the full name', () => {
    expect(toIdentity(user)).toEqual({ id: user.id, fullName: 'Jim Clark', username: 'jclark', email: 'jim@example.com', role: 'admin' });
  });

  it('falls back to the username when the user has no name', () => {
    expect(displayName({ username: 'pitcrew', firstName: null, lastName: '  ' })).toBe('pitcrew');
  });

  it('uses whichever name part is set', () => {
    expect(displayName({ username: 'x', firstName: null, lastName: 'Hill' })).toBe('Hill');
  });

  it('leaves the email out of the identity when the user has none', () => {
    expect(toIdentity({ ...user, email: null })).not.toHaveProperty('email');
  });
});

describe('console access', () => {
  it('lets admins in', () => {
    expect(canUseConsole('admin')).toBe(true);
  });

  it('keeps buyers, sellers and signed-out visitors out', () => {
    expect(canUseConsole('buyer')).toBe(false);
    expect(canUseConsole('seller')).toBe(false);
    expect(canUseConsole(null)).toBe(false);
    expect(canUseConsole(undefined)).toBe(false);
  });

  it('refuses a role it does not know', () => {
    expect(canUseConsole('superuser')).toBe(false);
    expect(canUseConsole({ role: 'admin' })).toBe(false);
  });

  it('recognises a session user only with an id, a username and a known role', () => {
    expect(isSessionUser(user)).toBe(true);
    expect(isSessionUser({ ...user, role: 'owner' })).toBe(false);
    expect(isSessionUser({ username: 'x', role: 'admin' })).toBe(false);
    expect(isSessionUser(null)).toBe(false);
  });
});

describe('errors', () => {
  it("shows the server's message when the body has one", () => {
    expect(errorMessage(403, { message: 'Please verify your email before signing in', code: 'email_not_verified' })).toBe(
      'Please verify your email before signing in',
    );
  });

  it('falls back to a text for the status when the body has no message', () => {
    expect(errorMessage(401, null)).toBe('Invalid username or password');
    expect(errorMessage(429, { message: '' })).toMatch(/Too many attempts/);
    expect(errorMessage(502, 'Bad gateway')).toBe('Something went wrong. Please try again.');
  });

  it('signs out on a 401 but not on a 403', () => {
    expect(errorAction(401)).toBe('logout');
    expect(errorAction(403)).toBe('stay');
    expect(errorAction(409)).toBe('stay');
    expect(errorAction(undefined)).toBe('stay');
  });
});
