import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { ListButton, Show, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { OrderDto, RefundResultDto } from '../../modules/payments/order.dto';
import type { RefundInput } from '../../modules/payments/payments.inputs';
import { ADMIN_API, httpClient } from '../dataProvider';
import { DataTable, type DataColumn } from '../layout/DataTable';
import { Fact, FactGrid } from '../layout/Fact';
import { centsText, ledgerBalanceCents, moneyText, orderStateText, refundableCents } from './orderAdmin';
import { RefundDialog } from './RefundDialog';
import { messageOf, when } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const OrderTitle = () => <RecordTitle<OrderDto> name="Order" of={(r) => `"${r.partTitle}"`} />;

/** POST /api/admin/orders/{id}/refund {amount, reason} with the dialog submission's Idempotency-Key. */
function useRefund(onDone: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, amount, reason, idempotencyKey }: { id: string; amount: string; reason: string; idempotencyKey: string }) =>
      (
        await httpClient(`${ADMIN_API}/orders/${encodeURIComponent(id)}/refund`, {
          method: 'POST',
          headers: new Headers({ 'Idempotency-Key': idempotencyKey }),
          body: JSON.stringify({ amount, reason } satisfies RefundInput),
        })
      ).json as RefundResultDto,
    onSuccess: (result) => {
      notify(`Refund of ${moneyText(result.refund?.amount)} issued`, { type: 'success' });
      onDone();
      refresh();
    },
    onError: (error) => notify(`Refund Failed: ${messageOf(error)}`, { type: 'error' }),
  });
}

function OrderActions() {
  const record = useRecordContext<OrderDto>();
  const [open, setOpen] = useState(false);
  const refund = useRefund(() => setOpen(false));
  if (!record) return null;
  const left = refundableCents(record);
  return (
    <TopToolbar>
      <ListButton />
      {record.actions.canRefund && left > 0 && (
        <Button color="error" variant="contained" onClick={() => setOpen(true)}>
          Refund
        </Button>
      )}
      <RefundDialog
        key={left}
        open={open}
        partTitle={record.partTitle}
        maxCents={left}
        pending={refund.isPending}
        onClose={() => setOpen(false)}
        onConfirm={({ amount, reason, idempotencyKey }) => refund.mutate({ id: record.id, amount, reason, idempotencyKey })}
      />
    </TopToolbar>
  );
}

const HISTORY_COLUMNS: ReadonlyArray<DataColumn<OrderDto['history'][number]>> = [
  { label: 'When', cell: (h) => when(h.at) },
  { label: 'State', cell: (h) => orderStateText(h.state) },
  { label: 'By', cell: (h) => h.actor },
  { label: 'Note', cell: (h) => h.note ?? '' },
];

const PAYMENT_COLUMNS: ReadonlyArray<DataColumn<OrderDto['payments'][number]>> = [
  { label: 'When', cell: (p) => when(p.createdAt) },
  { label: 'Kind', cell: (p) => p.kind.replaceAll('_', ' ') },
  { label: 'Provider', cell: (p) => p.provider },
  { label: 'Reference', cell: (p) => p.providerRef ?? '—', sx: { fontFamily: 'monospace' } },
  { label: 'Status', cell: (p) => p.status },
  { label: 'Amount', cell: (p) => moneyText(p.amount), align: 'right' },
];

const LEDGER_COLUMNS: ReadonlyArray<DataColumn<NonNullable<OrderDto['ledger']>[number]>> = [
  { label: 'When', cell: (e) => when(e.createdAt) },
  { label: 'Account', cell: (e) => e.account },
  { label: 'Kind', cell: (e) => e.kind.replaceAll('_', ' ') },
  { label: 'Memo', cell: (e) => e.memo ?? '' },
  { label: 'Amount', cell: (e) => moneyText(e.amount), align: 'right' },
];

function OrderFacts() {
  const o = useRecordContext<OrderDto>();
  if (!o) return null;
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6">{o.partTitle}</Typography>
        <Chip label={orderStateText(o.state)} color={o.state === 'disputed' ? 'error' : 'default'} />
        {o.finalSale && <Chip label="Final sale" variant="outlined" />}
        {o.lateShipment && <Chip label="Late shipment" color="warning" />}
      </Stack>
      <FactGrid>
        <Fact label="Order id">{o.id}</Fact>
        <Fact label="Source">{o.source.replaceAll('_', ' ')}</Fact>
        <Fact label="Buyer">{o.buyerName}</Fact>
        <Fact label="Seller">{o.sellerName}</Fact>
        <Fact label="Price">{moneyText(o.price)}</Fact>
        <Fact label="Shipping">{moneyText(o.shippingCost)}</Fact>
        <Fact label="Total">{moneyText(o.total)}</Fact>
        <Fact label="Commission">{moneyText(o.commission)}</Fact>
        <Fact label="Seller receives">{moneyText(o.sellerNet)}</Fact>
        <Fact label="Refunded">{moneyText(o.refunded)}</Fact>
        <Fact label="Escrow">{o.escrow.applies ? (o.escrow.choice ?? 'not chosen yet') : 'not applicable'}</Fact>
        <Fact label="Waiver signed">{when(o.escrow.waiverSignedAt)}</Fact>
        <Fact label="Created">{when(o.createdAt)}</Fact>
        <Fact label="Paid">{when(o.paidAt)}</Fact>
        <Fact label="Shipped">{o.shippedAt ? `${when(o.shippedAt)} · ${o.carrier ?? ''} ${o.trackingNumber ?? ''}` : '—'}</Fact>
        <Fact label="Delivered">{when(o.deliveredAt)}</Fact>
      </FactGrid>
      <Divider />
      <Section title="History">
        <DataTable label="History" columns={HISTORY_COLUMNS} rows={o.history} rowKey={(h, i) => `${h.at}-${i}`} />
      </Section>
      <Section title="Payments">
        {o.payments.length === 0 ? (
          <Typography color="text.secondary">No payment operations yet.</Typography>
        ) : (
          <DataTable label="Payments" columns={PAYMENT_COLUMNS} rows={o.payments} rowKey={(p) => p.id} />
        )}
      </Section>
      <Section title="Ledger">
        <Ledger order={o} />
      </Section>
    </Stack>
  );
}

function Ledger({ order }: { order: OrderDto }) {
  const entries = order.ledger ?? [];
  if (entries.length === 0) return <Typography color="text.secondary">No ledger entries yet.</Typography>;
  const balance = ledgerBalanceCents(entries);
  return (
    <Stack spacing={1}>
      <DataTable label="Ledger" columns={LEDGER_COLUMNS} rows={entries} rowKey={(e) => e.id} />
      {balance === 0 ? (
        <Alert severity="success">The entries add up to zero.</Alert>
      ) : (
        <Alert severity="error">The entries do not balance: they add up to {centsText(balance)}.</Alert>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
    </Box>
  );
}

/** One order: its facts, history, payment operations and ledger; Refund while money is left to refund. */
export const OrderShow = () => (
  <Show title={<OrderTitle />} actions={<OrderActions />}>
    <OrderFacts />
  </Show>
);
