import { canAccessAdmin, ROLES, type Role } from '../platform/roles';

/** The signed-in user as `/api/auth/login` and `/api/auth/user` return it. */
export interface SessionUser {
  id: string;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  role: Role;
}

/** What react-admin shows in the user menu. */
export interface ConsoleIdentity {
  id: string;
  fullName: string;
  username: string;
  email?: string;
  role: Role;
}

/** The user's full name ("first last"), or the username when neither part is set. */
export function displayName(user: Pick<SessionUser, 'username' | 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}

/** Maps the session user to react-admin's identity. */
export function toIdentity(user: SessionUser): ConsoleIdentity {
  return {
    id: user.id,
    fullName: displayName(user),
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
    role: user.role,
  };
}

/** Whether a signed-in user of this role may see the console's resources (admins only). */
export function canUseConsole(role: unknown): boolean {
  return isRole(role) && canAccessAdmin(role);
}

/** Narrows an unknown value to one of the three roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a parsed JSON body looks like a session user. */
export function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.username === 'string' && isRole(v.role);
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Invalid username or password',
  403: "You don't have permission to perform this action.",
  429: 'Too many attempts. Please wait a moment and try again.',
};

/** The message to show for a failed call: the server's `message`, else a sensible text for the status. */
export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return FALLBACK_MESSAGES[status] ?? 'Something went wrong. Please try again.';
}

/**
 * What react-admin should do after a failed data call: a 401 means the session is gone (sign out);
 * a 403 means this user may not do that, which is no reason to sign them out.
 */
export function errorAction(status: number | undefined): 'logout' | 'stay' {
  return status === 401 ? 'logout' : 'stay';
}
