import { Box, Divider, Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { OfferDto } from '../../modules/offers/offer.dto';
import { Fact } from '../layout/Fact';
import { offerKindText, offerMoney, stepText } from './offerAdmin';
import { OfferStatusChip } from './OfferList';
import { when } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const OfferTitle = () => <RecordTitle<OfferDto> name="Offer" of={(r) => `on "${r.partTitle}"`} />;

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** The offer's facts, its rounds and every step of its history (read-only: the two sides negotiate). */
function OfferDetails() {
  const o = useRecordContext<OfferDto>();
  if (!o) return null;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Fact label="Status">
          <OfferStatusChip record={o} />
        </Fact>
        <Fact label="Kind">{offerKindText(o.kind)}</Fact>
        <Fact label="Amount on the table">{offerMoney(o.amount)}</Fact>
        <Fact label="Part">
          <a href={`/parts/${o.partId}`} target="_blank" rel="noopener noreferrer">
            {o.partTitle}
          </a>{' '}
          (asking {offerMoney(o.partPrice)})
        </Fact>
        <Fact label="Buyer">{o.buyerName}</Fact>
        <Fact label="Seller">{o.sellerName}</Fact>
        <Fact label="Rounds">
          {o.rounds} of {o.maxRounds}
        </Fact>
        <Fact label="Waiting for">{o.status !== 'open' ? '—' : o.turn === 'either' ? 'Either side' : `The ${o.turn}`}</Fact>
        <Fact label={o.status === 'open' ? 'Expires' : 'Answer was due'}>{when(o.expiresAt)}</Fact>
        {o.floorAmount && <Fact label="High bid (lowest proposal)">{offerMoney(o.floorAmount)}</Fact>}
        {o.declineReason && <Fact label="Decline reason">{o.declineReason}</Fact>}
        <Fact label="Order">{o.orderId ? <a href={`/admin/orders/${o.orderId}/show`}>{o.orderId}</a> : '—'}</Fact>
        <Fact label="Created">{when(o.createdAt)}</Fact>
        <Fact label="Last change">{when(o.updatedAt)}</Fact>
      </Box>
      <Divider />
      <Typography variant="h6" component="h2">
        History
      </Typography>
      <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {o.steps.map((s, i) => (
          <Box component="li" key={i} sx={{ p: 1, borderRadius: 1, bgcolor: 'grey.100' }}>
            <Typography variant="caption">{when(s.createdAt)}</Typography>
            <Typography variant="body2">{stepText(s, o)}</Typography>
            {s.message && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', color: 'text.secondary' }}>
                “{s.message}”
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

export const OfferShow = () => (
  <Show title={<OfferTitle />} actions={<Actions />}>
    <OfferDetails />
  </Show>
);
