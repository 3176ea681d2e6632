import { useMutation } from '@tanstack/react-query';
import { useNotify, useRedirect, useRefresh } from 'react-admin';
import type { AdminRelistDto } from '../../modules/auctions/auction-admin.dto';
import { ADMIN_API, httpClient } from '../dataProvider';
import { messageOf } from '../layout/text';

const path = (id: string, action: string) => `${ADMIN_API}/auctions/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/auctions/{id}/end or /cancel with the reason mailed to the bidders and the seller. */
export function useCloseAuction(action: 'end' | 'cancel', onDone: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      httpClient(path(id, action), { method: 'POST', body: JSON.stringify({ reason }) }),
    onSuccess: () => {
      notify(action === 'end' ? 'Auction ended early' : 'Auction cancelled', { type: 'success' });
      onDone();
      refresh();
    },
    onError: (error) => notify(`${action === 'end' ? 'End Failed' : 'Cancel Failed'}: ${messageOf(error)}`, { type: 'error' }),
  });
}

/** POST /api/admin/auctions/{id}/relist; opens the new auction when there is one. */
export function useRelistAuction() {
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await httpClient(path(id, 'relist'), { method: 'POST', body: '{}' })).json as AdminRelistDto,
    onSuccess: (result) => {
      notify(result.message, { type: result.newAuctionId ? 'success' : 'warning' });
      if (result.newAuctionId) redirect('show', 'auctions', result.newAuctionId);
      else refresh();
    },
    onError: (error) => notify(`Relist Failed: ${messageOf(error)}`, { type: 'error' }),
  });
}
