import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { PREFERENCES_KEY, PREFERENCES_PATH, type Preferences } from './preferences';

/** GET /api/account/preferences: the signed-in user's own preferences. */
export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => apiRequest<Preferences>(PREFERENCES_PATH, { signal }),
    enabled,
  });
}

/** PATCH /api/account/preferences; the answer replaces the cached preferences. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Preferences>) => apiRequest<Preferences>(PREFERENCES_PATH, { method: 'PATCH', data: patch }),
    onSuccess: (saved) => client.setQueryData(PREFERENCES_KEY, saved),
  });
}
