import { useState } from 'react';
import { Alert, Box, Button, Chip, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { AdminReverseAuctionDetailDto } from '../../modules/reverse/reverse.dto';
import { moneyText } from '../auctions/auctionFormat';
import { ReasonDialog } from '../auctions/ReasonDialog';
import { reverseCancelState, reverseResultText, reverseStatusText, URGENCY_TEXT } from './reverseFormat';
import { useCancelReverseAuction } from './useCancelReverseAuction';
import { DataTable, type DataColumn } from '../layout/DataTable';
import { Fact, FactGrid } from '../layout/Fact';
import { when } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US') : '—');

const QUOTE_COLUMNS: ReadonlyArray<DataColumn<NonNullable<AdminReverseAuctionDetailDto['quotes']>[number]>> = [
  { label: 'Seller', cell: (q) => q.sellerName ?? '—' },
  { label: 'Amount', cell: (q) => moneyText(q.bidAmount) },
  { label: 'Condition', cell: (q) => q.partCondition ?? '—' },
  { label: 'Location', cell: (q) => q.partLocation ?? '—' },
  { label: 'Shipping', cell: (q) => q.estimatedShipping ?? '—' },
  { label: 'Available', cell: (q) => day(q.availabilityDate) },
  {
    label: 'Notes',
    sx: { maxWidth: 280 },
    cell: (q) => (
      <>
        {q.notes ?? ''}
        {q.images?.length ? ` (${q.images.length} photo${q.images.length === 1 ? '' : 's'})` : ''}
      </>
    ),
  },
  { label: 'Quoted', cell: (q) => when(q.createdAt) },
  { label: '', cell: (q) => q.isWinning && <Chip size="small" label="Awarded" color="success" /> },
];

const ReverseTitle = () => <RecordTitle<AdminReverseAuctionDetailDto> name="Reverse auction" of={(r) => `"${r.title}"`} />;

/** Cancel, asking for the reason mailed to the buyer, while the request is open and has no quotes. */
function ReverseActions() {
  const record = useRecordContext<AdminReverseAuctionDetailDto>();
  const [open, setOpen] = useState(false);
  const cancel = useCancelReverseAuction(() => setOpen(false));
  if (!record) return null;
  const state = reverseCancelState(record);
  return (
    <TopToolbar>
      <ListButton />
      {state.allowed && (
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Cancel request
        </Button>
      )}
      <ReasonDialog
        open={open}
        title="Cancel reverse auction"
        confirmLabel="Cancel request"
        pendingLabel="Cancelling..."
        text={`Cancel "${record.title}"? It closes at once and sellers can no longer quote. The buyer is emailed the reason.`}
        reasonLabel="Reason (mailed to the buyer)"
        pending={cancel.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => cancel.mutate({ id: record.id, reason })}
      />
    </TopToolbar>
  );
}

function ReverseDetail() {
  const r = useRecordContext<AdminReverseAuctionDetailDto>();
  if (!r) return null;
  const cancelState = reverseCancelState(r);
  const vehicle = [r.make, r.model, r.yearStart && r.yearEnd ? `${r.yearStart}–${r.yearEnd}` : (r.yearStart ?? r.yearEnd)].filter(Boolean).join(' ');
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Chip label={reverseStatusText(r.status)} color={r.status === 'active' ? 'success' : r.status === 'cancelled' ? 'error' : 'default'} />
        <Chip label={URGENCY_TEXT[r.urgency] ?? r.urgency} color={r.urgency === 'high' ? 'warning' : 'default'} variant="outlined" />
      </Stack>
      {r.status === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Cancelled{r.cancelReason ? ` by an admin: ${r.cancelReason}` : ' by the buyer'}
        </Alert>
      )}
      {cancelState.why && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {cancelState.why}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
        {r.description}
      </Typography>
      <FactGrid mb={3}>
        <Fact label="Buyer">{r.buyerUsername ?? r.buyerId}</Fact>
        <Fact label="Category">{r.partCategory}</Fact>
        <Fact label="Vehicle">{vehicle || '—'}</Fact>
        <Fact label="Condition">{r.condition ?? 'Any'}</Fact>
        <Fact label="Max budget">{moneyText(r.maxBudget)}</Fact>
        <Fact label="Best quote">{moneyText(r.currentLowestBid)}</Fact>
        <Fact label="Min decrease">{moneyText(r.minBidDecrement)}</Fact>
        <Fact label="Quotes">{r.totalBids}</Fact>
        <Fact label="Watchers">{r.watchers}</Fact>
        <Fact label="Location">{r.location ?? '—'}</Fact>
        <Fact label="Starts">{when(r.startTime)}</Fact>
        <Fact label="Ends">{when(r.endTime)}</Fact>
        <Fact label="Result">{reverseResultText(r)}</Fact>
        <Fact label="Award deadline">{when(r.awardDeadline)}</Fact>
        <Fact label="Auto-relist">{r.autoRelist ? `On (${r.relistCount} of ${r.maxRelists}, +${r.relistBudgetIncrease}% after ${r.relistDelay} h)` : 'Off'}</Fact>
        <Fact label="Relisted from">{r.relistedFrom ?? '—'}</Fact>
      </FactGrid>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Quotes
      </Typography>
      {/* react-admin shows the list's row while the page's own record (with its quotes) loads. */}
      {!Array.isArray(r.quotes) ? (
        <LinearProgress aria-label="Loading the quotes" />
      ) : r.quotes.length ? (
        <DataTable label="Quotes" columns={QUOTE_COLUMNS} rows={r.quotes} rowKey={(q) => q.id} />
      ) : (
        <Typography color="text.secondary">No quotes yet.</Typography>
      )}
    </Box>
  );
}

/** One request: its facts, every quote in full (sellers named), and Cancel with the reason mailed to the buyer. */
export const ReverseAuctionShow = () => (
  <Show title={<ReverseTitle />} actions={<ReverseActions />}>
    <ReverseDetail />
  </Show>
);
