import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUserDto } from '../../../modules/accounts/account.dto';
import { getQueryFn } from '../../lib/api';

/** The signed-in user as GET /api/auth/user answers it. */
export type CurrentUser = CurrentUserDto;

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/**
 * The current-user query every caller shares: signed out is a normal state, so the spec's variant that yields
 * no data on 401 (null, not an error), no retry. The browser still notes the 401 response itself.
 */
export const currentUserQuery = queryOptions<CurrentUser | null>({
  queryKey: AUTH_USER_KEY,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  retry: false,
});

/** The signed-in user, fetched once (null when signed out; no retry). */
export function useAuth() {
  const { data, isLoading } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** The name to greet a user with: full name, or the username when there is no first name. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const first = user.firstName?.trim();
  if (!first) return user.username;
  const last = user.lastName?.trim();
  return last ? `${first} ${last}` : first;
}
