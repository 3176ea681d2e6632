import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { canReject } from './listingFormat';

interface RejectDialogProps {
  open: boolean;
  title: string;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}

/** Asks for the rejection reason; Reject stays disabled while the reason is blank. */
export function RejectDialog({ open, title, pending, onClose, onReject }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="reject-listing-title">
      <DialogTitle id="reject-listing-title">Reject Listing</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Reject &ldquo;{title}&rdquo;? The seller is emailed the reason and can edit the listing to send it back to review.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label="Reason for rejection"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!canReject(reason) || pending}
          onClick={() => onReject(reason.trim())}
        >
          {pending ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
