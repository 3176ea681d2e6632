import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { ADMIN_API, httpClient } from '../dataProvider';
import { messageOf } from '../layout/text';

/** POST /api/admin/reverse-auctions/{id}/cancel with the reason mailed to the buyer. */
export function useCancelReverseAuction(onDone: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      httpClient(`${ADMIN_API}/reverse-auctions/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: JSON.stringify({ reason }) }),
    onSuccess: () => {
      notify('Reverse auction cancelled', { type: 'success' });
      onDone();
      refresh();
    },
    onError: (error) => notify(`Cancel Failed: ${messageOf(error)}`, { type: 'error' }),
  });
}
