import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../platform/roles';
import { getQueryFn } from '../../lib/api';

export interface CurrentUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
  role: Role;
}

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, fetched once (null when signed out; no retry). */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
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
