import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

interface ReasonDialogProps {
  open: boolean;
  /** The dialog's title and its confirm button's label ("End auction early", "End early"). */
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  /** What happens, and who is told the reason. */
  text: string;
  reasonLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks for the reason of an admin action that is mailed to people; the confirm button stays disabled while it is blank. */
export function ReasonDialog({ open, title, confirmLabel, pendingLabel, text, reasonLabel, pending, onClose, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const titleId = `reason-dialog-${confirmLabel.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={reasonLabel}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Keep it</Button>
        <Button color="error" variant="contained" disabled={!reason.trim() || pending} onClick={() => onConfirm(reason.trim())}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
