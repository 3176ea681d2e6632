import type { AuthProvider } from 'react-admin';
import { canUseConsole, errorAction, errorMessage, isSessionUser, toIdentity, type SessionUser } from './session';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** An error carrying the HTTP status, so checkError can tell a lost session (401) from a refusal (403). */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/**
 * The console's auth provider on the server's cookie session. A signed-in buyer or seller is
 * authenticated (so they are not bounced to the login page) but has no access: the layout then
 * shows the access-denied screen and canAccess refuses every resource.
 */
export function createAuthProvider(fetchFn: Fetch = (input, init) => fetch(input, init)): AuthProvider {
  /** The user of the current session, fetched once and reused until sign-in, sign-out or a new check. */
  let current: Promise<SessionUser | null> | null = null;

  const call = (path: string, init: RequestInit = {}) =>
    fetchFn(path, {
      ...init,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });

  const fetchUser = async (): Promise<SessionUser | null> => {
    const response = await call('/api/auth/user');
    if (response.status === 401) return null;
    const body = await readJson(response);
    if (!response.ok) throw new AuthError(errorMessage(response.status, body), response.status);
    return isSessionUser(body) ? body : null;
  };

  const refreshUser = () => {
    const pending = fetchUser();
    current = pending;
    pending.catch(() => {
      if (current === pending) current = null;
    });
    return pending;
  };

  const sessionUser = () => current ?? refreshUser();

  const requireUser = async () => {
    const user = await sessionUser();
    if (!user) throw new AuthError('Please sign in to access this feature.', 401);
    return user;
  };

  return {
    async login({ username, password }: { username?: string; password?: string }) {
      const response = await call('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ username: (username ?? '').trim(), password: password ?? '' }),
      });
      const body = await readJson(response);
      if (!response.ok) {
        current = null;
        throw new AuthError(errorMessage(response.status, body), response.status);
      }
      current = Promise.resolve(isSessionUser(body) ? body : null);
      // Non-admins are signed in too; the console then shows them the access-denied screen.
    },

    async logout() {
      current = null;
      try {
        await call('/api/auth/logout', { method: 'POST' });
      } catch {
        // Signed out locally even when the server cannot be reached.
      }
    },

    async checkAuth() {
      const user = await refreshUser();
      if (!user) throw new AuthError('Please sign in to access this feature.', 401);
    },

    async checkError(error: unknown) {
      if (errorAction(statusOf(error)) === 'logout') {
        current = null;
        throw new AuthError('Your session has ended. Please sign in again.', 401);
      }
      // A 403 keeps the session; the role may have changed, so look it up again next time.
      if (statusOf(error) === 403) current = null;
    },

    async getIdentity() {
      return toIdentity(await requireUser());
    },

    async getPermissions() {
      const user = await sessionUser();
      return user?.role ?? null;
    },

    async canAccess() {
      const user = await sessionUser();
      return !!user && canUseConsole(user.role);
    },
  };
}

export const authProvider = createAuthProvider();
