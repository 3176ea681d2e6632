import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import {
  DateField,
  FunctionField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import type { ReturnDto } from '../../modules/returns/return.dto';
import { FitEvidence } from './FitEvidence';
import { ReturnStateChip } from './ReturnList';
import { decisionBody, type DecisionInput } from './returnAdmin';
import { messageOf } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const Title = () => <RecordTitle<ReturnDto> name="Return" of={(r) => `of "${r.partTitle}"`} />;

/** Decide an escalated return: refund (full or partial), approve the return, or reject it. */
const DecideButton = () => {
  const record = useRecordContext<ReturnDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState<DecisionInput>({ decision: 'refund', amount: '', note: '' });
  const [error, setError] = useState<string | null>(null);
  // The decision is a PUT body of its own (ReturnDecisionInput), not a part of the record.
  const [update, { isPending }] = useUpdate();
  if (!record || record.state !== 'escalated') return null;
  const submit = () => {
    const checked = decisionBody(input, record.orderTotal);
    if (!checked.ok) return setError(checked.error);
    update(
      'returns',
      { id: record.id, data: checked.body, previousData: record },
      {
        onSuccess: () => {
          notify('Decision sent to the buyer and the seller', { type: 'success' });
          setOpen(false);
          refresh();
        },
        onError: (e) => setError(messageOf(e)),
      },
    );
  };
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)}>
        Decide
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Decide the return</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <MuiTextField select label="Decision" value={input.decision} onChange={(e) => setInput({ ...input, decision: e.target.value as DecisionInput['decision'] })}>
              <MenuItem value="refund">Refund the buyer (through payments)</MenuItem>
              <MenuItem value="approve">Approve the return (buyer ships it back)</MenuItem>
              <MenuItem value="reject">Reject (close the return)</MenuItem>
            </MuiTextField>
            {input.decision === 'refund' && (
              <MuiTextField
                label="Amount (USD)"
                helperText={`Leave empty to refund what is left of $${record.orderTotal}`}
                value={input.amount}
                onChange={(e) => setInput({ ...input, amount: e.target.value })}
                inputMode="decimal"
              />
            )}
            <MuiTextField
              label={input.decision === 'approve' ? 'Return instructions' : 'Note to both sides'}
              multiline
              minRows={3}
              value={input.note}
              onChange={(e) => setInput({ ...input, note: e.target.value })}
            />
            {error && (
              <Typography color="error" variant="body2" role="alert">
                {error}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button onClick={submit} disabled={isPending} variant="contained">
            {isPending ? 'Saving...' : 'Send decision'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <DecideButton />
  </TopToolbar>
);

/** One return: the facts, the buyer's photos, and every step with its message. */
export const ReturnShow = () => (
  <Show title={<Title />} actions={<Actions />}>
    <SimpleShowLayout>
      <FunctionField<ReturnDto> label="State" render={(record) => <ReturnStateChip record={record} />} />
      <TextField source="partTitle" label="Part" />
      <FunctionField<ReturnDto> label="Order" render={(record) => <a href={`/admin/orders/${record.orderId}/show`}>{record.orderId}</a>} />
      <TextField source="buyerName" label="Buyer" />
      <TextField source="sellerName" label="Seller" />
      <TextField source="reason" />
      <TextField source="details" />
      <TextField source="policyNote" label="Policy" />
      <TextField source="orderTotal" label="Order total" />
      <DateField source="respondBy" label="Seller answers by" showTime />
      <TextField source="escalationReason" label="Escalated because" emptyText="—" />
      <TextField source="refundAmount" label="Refunded" emptyText="—" />
      <Labeled label="Photos">
        <FunctionField<ReturnDto>
          render={(record) =>
            record.photos.length ? (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {record.photos.map((p, i) => (
                  <a key={p.url} href={p.url} target="_blank" rel="noopener noreferrer">
                    <img src={p.url} alt={`Buyer's photo ${i + 1}`} style={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 4 }} />
                  </a>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">No photos</Typography>
            )
          }
        />
      </Labeled>
      <FunctionField<ReturnDto>
        label="Fitment answer (evidence)"
        render={(record) => (record.fitEvidence ? <FitEvidence evidence={record.fitEvidence} /> : <Typography variant="body2">—</Typography>)}
      />
      <Labeled label="History and messages">
        <FunctionField<ReturnDto>
          render={(record) => (
            <Stack spacing={1} sx={{ maxWidth: 900 }}>
              {record.history.map((h) => (
                <Box key={h.id} sx={{ p: 1, borderRadius: 1, bgcolor: 'grey.100' }}>
                  <Typography variant="caption">
                    {h.actorRole} · {h.action} → {h.state} · {new Date(h.at).toLocaleString()}
                  </Typography>
                  {h.note && <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{h.note}</Typography>}
                </Box>
              ))}
            </Stack>
          )}
        />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
