import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { AdminAuctionDetailDto } from '../../modules/auctions/auction-admin.dto';
import { auctionActions, moneyText, resultText, statusText } from './auctionFormat';
import { ReasonDialog } from './ReasonDialog';
import { useCloseAuction, useRelistAuction } from './useAuctionActions';
import { DataTable, type DataColumn } from '../layout/DataTable';
import { Fact, FactGrid } from '../layout/Fact';
import { when } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const AuctionTitle = () => <RecordTitle<AdminAuctionDetailDto> name="Auction" of={(r) => `"${r.title}"`} />;

/** End early, Cancel (each asking for the reason mailed to the bidders and the seller) and Relist, as the auction allows. */
function AuctionActions() {
  const record = useRecordContext<AdminAuctionDetailDto>();
  const [dialog, setDialog] = useState<'end' | 'cancel' | null>(null);
  const end = useCloseAuction('end', () => setDialog(null));
  const cancel = useCloseAuction('cancel', () => setDialog(null));
  const relist = useRelistAuction();
  if (!record) return null;
  const allowed = auctionActions(record);
  return (
    <TopToolbar>
      <ListButton />
      {allowed.endEarly && (
        <Button color="warning" variant="contained" onClick={() => setDialog('end')}>
          End early
        </Button>
      )}
      {allowed.cancel && (
        <Button color="error" variant="outlined" onClick={() => setDialog('cancel')}>
          Cancel auction
        </Button>
      )}
      {allowed.relist && (
        <Button variant="contained" disabled={relist.isPending} onClick={() => relist.mutate(record.id)}>
          {relist.isPending ? 'Relisting...' : 'Relist'}
        </Button>
      )}
      <ReasonDialog
        open={dialog === 'end'}
        title="End auction early"
        confirmLabel="End early"
        pendingLabel="Ending..."
        text={`End "${record.title}" now? It closes as at its end time: the top bid wins if the reserve is met. Every bidder and the seller are emailed the reason.`}
        reasonLabel="Reason (mailed to the bidders and the seller)"
        pending={end.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => end.mutate({ id: record.id, reason })}
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        title="Cancel auction"
        confirmLabel="Cancel auction"
        pendingLabel="Cancelling..."
        text={`Cancel "${record.title}"? It ends with no winner and its bids are void. Every bidder and the seller are emailed the reason.`}
        reasonLabel="Reason (mailed to the bidders and the seller)"
        pending={cancel.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => cancel.mutate({ id: record.id, reason })}
      />
    </TopToolbar>
  );
}

type AuctionBid = AdminAuctionDetailDto['bids'][number];
type AuctionFlag = AdminAuctionDetailDto['flags'][number];

const BID_COLUMNS: ReadonlyArray<DataColumn<AuctionBid>> = [
  { label: 'Bidder', cell: (b) => b.bidderName },
  { label: 'Amount', cell: (b) => moneyText(b.bidAmount) },
  { label: 'Maximum', cell: (b) => moneyText(b.maxBidAmount) },
  { label: 'Type', cell: (b) => b.bidType.replaceAll('_', ' ') },
  { label: 'Placed', cell: (b) => when(b.createdAt) },
  {
    label: '',
    cell: (b) => (
      <>
        {b.isWinning && <Chip size="small" label="Leading" color="success" sx={{ mr: 1 }} />}
        {b.suspicious && <Chip size="small" label="Suspicious" color="warning" />}
      </>
    ),
  },
];

const FLAG_COLUMNS: ReadonlyArray<DataColumn<AuctionFlag>> = [
  { label: 'Bidder', cell: (f) => f.username },
  { label: 'Pattern', cell: (f) => f.description },
  { label: 'Risk', cell: (f) => f.riskScore },
  { label: 'Flagged', cell: (f) => when(f.flaggedAt) },
];

function AuctionDetail() {
  const a = useRecordContext<AdminAuctionDetailDto>();
  if (!a) return null;
  // react-admin shows the list's row while the page's own record loads: it has no bids, flags or activity yet.
  const detailsLoaded = Array.isArray(a.bids) && Array.isArray(a.flags) && Array.isArray(a.activity);
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Chip label={statusText(a.status)} color={a.status === 'active' ? 'success' : a.status === 'cancelled' ? 'error' : 'default'} />
        {a.flagCount > 0 && <Chip label={`${a.flagCount} bidding flag${a.flagCount === 1 ? '' : 's'}`} color="warning" />}
      </Stack>
      {a.closeReason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {a.status === 'cancelled' ? 'Cancelled' : 'Ended early'} by an admin: {a.closeReason}
        </Alert>
      )}
      <FactGrid mb={3}>
        <Fact label="Seller">{a.sellerName}</Fact>
        <Fact label="Current bid">{moneyText(a.currentBid)}</Fact>
        <Fact label="Starting bid">{moneyText(a.startingBid)}</Fact>
        <Fact label="Reserve">{a.reservePrice ? `${moneyText(a.reservePrice)} (${a.reserveMet ? 'met' : 'not met'})` : 'None'}</Fact>
        <Fact label="Buy It Now">{moneyText(a.buyItNowPrice)}</Fact>
        <Fact label="Bids">{a.totalBids}</Fact>
        <Fact label="Watchers">{a.watchers}</Fact>
        <Fact label="Result">{resultText(a)}</Fact>
        <Fact label="Starts">{when(a.startTime)}</Fact>
        <Fact label="Ends">{when(a.endTime)}</Fact>
        <Fact label="Ended at">{when(a.endedAt)}</Fact>
        <Fact label="Relists">{a.relistedAs ? `Relisted as ${a.relistedAs}` : a.relistCount ? `Relist ${a.relistCount}` : '—'}</Fact>
      </FactGrid>
      <Divider sx={{ mb: 2 }} />
      {detailsLoaded ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Bids
          </Typography>
          {a.bids.length ? (
            <DataTable label="Bids" columns={BID_COLUMNS} rows={a.bids} rowKey={(b) => b.id} sx={{ mb: 3 }} />
          ) : (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              No bids yet.
            </Typography>
          )}
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Bidding-pattern flags
          </Typography>
          {a.flags.length ? (
            <DataTable label="Bidding-pattern flags" columns={FLAG_COLUMNS} rows={a.flags} rowKey={(f) => f.id} sx={{ mb: 3 }} />
          ) : (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              No flags.
            </Typography>
          )}
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Activity
          </Typography>
          {a.activity.length ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Activity">
              {a.activity.map((e) => (
                <li key={e.id}>
                  <Typography variant="body2">
                    {when(e.timestamp)} — {e.type}
                    {typeof e.data.username === 'string' ? ` by ${e.data.username}` : ''}
                    {typeof e.data.amount === 'string' ? ` at ${moneyText(e.data.amount)}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">No activity yet.</Typography>
          )}
        </>
      ) : (
        <LinearProgress aria-label="Loading the bids, flags and activity" />
      )}
    </Box>
  );
}

/** One auction: its facts, bids (bidders named), flags and activity, with End early, Cancel and Relist. */
export const AuctionShow = () => (
  <Show title={<AuctionTitle />} actions={<AuctionActions />}>
    <AuctionDetail />
  </Show>
);
