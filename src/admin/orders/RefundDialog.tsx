import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { centsText, refundAmountPayload, refundErrors, refundSubmission, type RefundSubmission } from './orderAdmin';

interface RefundDialogProps {
  open: boolean;
  partTitle: string;
  /** What is left to refund, in cents. */
  maxCents: number;
  pending: boolean;
  onClose: () => void;
  /** The amount as sent ("25.00"), the reason, and the submission's Idempotency-Key. */
  onConfirm: (input: { amount: string; reason: string; idempotencyKey: string }) => void;
}

/**
 * Refund: the amount (full by default, or part of it) and the reason, checked before anything is sent. Submitting
 * the same amount again sends the same Idempotency-Key (one refund however often it is clicked); closing the
 * dialog or changing the amount makes the next submission a new refund.
 */
export function RefundDialog({ open, partTitle, maxCents, pending, onClose, onConfirm }: RefundDialogProps) {
  const full = `${Math.floor(maxCents / 100)}.${String(maxCents % 100).padStart(2, '0')}`;
  const [amount, setAmount] = useState(full);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [submission, setSubmission] = useState<RefundSubmission | null>(null);
  const errors = refundErrors(amount, reason, maxCents);
  const close = () => {
    setAmount(full);
    setReason('');
    setTouched(false);
    setSubmission(null);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (errors.amount || errors.reason) return;
    const next = refundSubmission(submission, refundAmountPayload(amount), () => crypto.randomUUID());
    setSubmission(next);
    onConfirm({ amount: next.amount, reason: reason.trim(), idempotencyKey: next.key });
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="refund-dialog-title">
      <DialogTitle id="refund-dialog-title">Refund</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Refund the buyer of "{partTitle}" through the payment provider, fully or in part (up to {centsText(maxCents)}). The commission and
          the seller's transfer are reversed in proportion, and both sides are emailed.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            label="Amount (USD)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={touched && Boolean(errors.amount)}
            helperText={touched ? errors.amount : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Reason"
            multiline
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={touched && Boolean(errors.reason)}
            helperText={touched ? errors.reason : undefined}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Keep it</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={submit}>
          {pending ? 'Refunding...' : 'Refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
