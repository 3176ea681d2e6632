import { useState } from 'react';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { DeleteWithConfirmButton, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ReasonDialog } from '../auctions/ReasonDialog';
import { ADMIN_API, httpClient } from '../dataProvider';
import type { PartDto } from '../../modules/catalog/part.dto';
import { messageOf } from '../layout/text';

/** Unpublish (a live listing, with the reason mailed to the seller) and Delete as spam (for good, after a confirmation). */
export function ListingModeration() {
  const record = useRecordContext<PartDto>();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const unpublish = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      httpClient(`${ADMIN_API}/parts/${encodeURIComponent(id)}/unpublish`, { method: 'POST', body: JSON.stringify({ reason }) }),
    onSuccess: () => {
      notify('Listing unpublished', { type: 'success' });
      setOpen(false);
      refresh();
    },
    onError: (error) => notify(`Unpublish Failed: ${messageOf(error)}`, { type: 'error' }),
  });
  if (!record) return null;
  return (
    <>
      {record.isActive && record.isApproved && (
        <Button color="warning" variant="outlined" onClick={() => setOpen(true)}>
          Unpublish
        </Button>
      )}
      <DeleteWithConfirmButton
        label="Delete as spam"
        confirmTitle={`Delete "${record.title}" as spam?`}
        confirmContent="The listing, its fitments and its watchlist entries are deleted for good. The seller is not emailed."
        mutationMode="pessimistic"
        successMessage="Listing deleted"
      />
      <ReasonDialog
        open={open}
        title="Unpublish listing"
        confirmLabel="Unpublish"
        pendingLabel="Unpublishing..."
        text={`Take "${record.title}" off the marketplace? The seller is emailed the reason and can edit the listing to send it back to review.`}
        reasonLabel="Reason (mailed to the seller)"
        pending={unpublish.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => unpublish.mutate({ id: record.id, reason })}
      />
    </>
  );
}
