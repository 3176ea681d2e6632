import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { httpClient } from '../dataProvider';
import { messageOf } from '../layout/text';

/** PATCH /api/parts/{id}/approve; the approver is the signed-in admin (no body needed). */
export function useApprovePart() {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      httpClient(`/api/parts/${encodeURIComponent(id)}/approve`, { method: 'PATCH', body: JSON.stringify({}) }),
    onSuccess: () => {
      notify('Part Approved', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(`Approval Failed: ${messageOf(error)}`, { type: 'error' }),
  });
}

/** PATCH /api/parts/{id}/reject with the reason; the seller is emailed the reason. */
export function useRejectPart() {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, rejectionReason }: { id: string; rejectionReason: string }) =>
      httpClient(`/api/parts/${encodeURIComponent(id)}/reject`, {
        method: 'PATCH',
        body: JSON.stringify({ rejectionReason }),
      }),
    onSuccess: () => {
      notify('Part Rejected', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(`Rejection Failed: ${messageOf(error)}`, { type: 'error' }),
  });
}
