import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminUserDto } from '../../modules/accounts/account.dto';
import { ADMIN_API, httpClient } from '../dataProvider';
import { messageOf } from '../layout/text';

const path = (id: string, action: string) => `${ADMIN_API}/users/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/users/{id}/suspend with the reason, or /reinstate (reason optional). */
export function useUserStanding(action: 'suspend' | 'reinstate', onDone: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      (await httpClient(path(id, action), { method: 'POST', body: JSON.stringify(reason ? { reason } : {}) })).json as AdminUserDto,
    onSuccess: () => {
      notify(action === 'suspend' ? 'User suspended' : 'User reinstated', { type: 'success' });
      onDone();
      refresh();
    },
    onError: (error) => notify(`${action === 'suspend' ? 'Suspension Failed' : 'Reinstatement Failed'}: ${messageOf(error)}`, { type: 'error' }),
  });
}
