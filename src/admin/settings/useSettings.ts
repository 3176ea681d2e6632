import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useNotify } from 'react-admin';
import { httpClient } from '../dataProvider';
import { SAVED_MESSAGES, SETTINGS_API, type AllSettings, type SettingsGroup } from './settings';

const SETTINGS_KEY = ['admin', 'settings'] as const;

/** GET /api/admin/settings: the three groups, stored values over the defaults. */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await httpClient(SETTINGS_API)).json as AllSettings,
    staleTime: 0,
  });
}

/**
 * Saves one group with PUT /api/admin/settings/{group}. Resolves with field errors for the form
 * (a 400's `errors`, renamed with `fieldName`), or undefined after a save or another failure.
 */
export function useSaveSettings<G extends SettingsGroup>(group: G, fieldName: (field: string) => string = (f) => f) {
  const client = useQueryClient();
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: async (value: AllSettings[G]) =>
      (await httpClient(`${SETTINGS_API}/${group}`, { method: 'PUT', body: JSON.stringify(value) })).json as AllSettings[G],
    onSuccess: (saved) => {
      client.setQueryData<AllSettings>(SETTINGS_KEY, (current) => (current ? { ...current, [group]: saved ?? current[group] } : current));
      void client.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });

  async function save(value: AllSettings[G]): Promise<Record<string, string> | undefined> {
    try {
      await mutation.mutateAsync(value);
      notify(SAVED_MESSAGES[group], { type: 'success' });
      return undefined;
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The settings could not be saved';
      notify(message, { type: 'error' });
      const body: unknown = error instanceof HttpError ? error.body : undefined;
      const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
      if (!errors || typeof errors !== 'object') return undefined;
      const fieldErrors: Record<string, string> = {};
      for (const [field, text] of Object.entries(errors as Record<string, unknown>)) {
        const first = Array.isArray(text) ? text[0] : text;
        if (typeof first === 'string') fieldErrors[fieldName(field)] = first;
      }
      return fieldErrors;
    }
  }

  return { save, isSaving: mutation.isPending };
}
