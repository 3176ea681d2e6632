import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { RejectDialog } from './RejectDialog';
import { reviewStatusOf } from './listingFormat';
import type { PartDto } from '../../modules/catalog/part.dto';
import { useApprovePart, useRejectPart } from './useReview';

/**
 * Approve and Reject for one listing: pending listings get both, approved ones can be taken down
 * (Reject), rejected ones approved after all. Withdrawn listings get neither.
 */
export function ReviewButtons({ record }: { record: PartDto }) {
  const approve = useApprovePart();
  const reject = useRejectPart();
  const [rejecting, setRejecting] = useState(false);
  const status = reviewStatusOf(record);
  if (status === 'withdrawn') return null;
  const busy = approve.isPending || reject.isPending;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      {status !== 'approved' && (
        <Button
          variant="contained"
          color="success"
          size="small"
          startIcon={<CheckIcon />}
          disabled={busy}
          onClick={() => approve.mutate(record.id)}
          aria-label={`Approve ${record.title}`}
        >
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
      )}
      {status !== 'rejected' && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<CloseIcon />}
          disabled={busy}
          onClick={() => setRejecting(true)}
          aria-label={`Reject ${record.title}`}
        >
          Reject
        </Button>
      )}
      <RejectDialog
        open={rejecting}
        title={record.title}
        pending={reject.isPending}
        onClose={() => setRejecting(false)}
        onReject={(rejectionReason) =>
          reject.mutate({ id: record.id, rejectionReason }, { onSuccess: () => setRejecting(false) })
        }
      />
    </Stack>
  );
}
