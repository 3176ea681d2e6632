import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  MenuItem,
  CardContent,
  CardHeader,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { httpClient } from '../dataProvider';
import {
  AUTO_RELIST_API,
  manualRelistRequest,
  RELIST_TYPES,
  relistTypeLabel,
  STATUS_ERROR,
  STATUS_POLL_MS,
  toRelistStatus,
  type RelistType,
} from './autoRelist';

const STATUS_KEY = ['admin', 'auto-relist', 'status'] as const;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateTime.format(d);
}

/** /admin/auto-relist: queue status (polled every 5 s), upcoming relists and a manual relist. */
export const AutoRelistPage = () => {
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => toRelistStatus((await httpClient(`${AUTO_RELIST_API}/status`)).json),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
  const data = status.data;

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, maxWidth: 960 }}>
      <Title title="Auto-relist" />
      <Card>
        <CardHeader title="Queue Status" subheader="Refreshed every 5 seconds" />
        <CardContent sx={{ pt: 0 }}>
          {status.isError && !data ? (
            <Alert severity="error">{STATUS_ERROR}</Alert>
          ) : (
            <>
              {status.isError && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {STATUS_ERROR}; showing the last figures.
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
                <Figure label="Total" value={data?.totalJobs} />
                <Figure label="Pending" value={data?.pendingJobs} />
                <Figure label="Completed" value={data?.processedJobs} />
              </Box>
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Upcoming Relists" />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          {status.isLoading ? (
            <Skeleton variant="rectangular" height={80} />
          ) : !data || data.upcomingJobs.length === 0 ? (
            <Typography color="text.secondary">No relists are scheduled.</Typography>
          ) : (
            <Table size="small" aria-label="Upcoming relists">
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  <TableCell>Original ID</TableCell>
                  <TableCell>Scheduled Time</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.upcomingJobs.map((job) => (
                  <TableRow key={`${job.type}-${job.originalId}-${job.scheduledTime}`}>
                    <TableCell>{relistTypeLabel(job.type)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{job.originalId}</TableCell>
                    <TableCell>{formatWhen(job.scheduledTime)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <ManualRelist />
    </Box>
  );
};

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Box sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value === undefined ? (
        <Skeleton sx={{ mx: 'auto' }} width={40} height={40} />
      ) : (
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
          {value}
        </Typography>
      )}
    </Box>
  );
}

function ManualRelist() {
  const [auctionId, setAuctionId] = useState('');
  const [type, setType] = useState<RelistType>('auction');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const client = useQueryClient();
  const relist = useMutation({
    mutationFn: (path: string) => httpClient(path, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: STATUS_KEY }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (relist.isPending) return;
    const request = manualRelistRequest(auctionId, type);
    if (!request.ok) {
      setError(request.message);
      notify(request.message, { type: 'warning' });
      return;
    }
    setError(null);
    relist.mutate(request.path, {
      onSuccess: () => {
        notify(`${relistTypeLabel(type)} relisted`, { type: 'success' });
        setAuctionId('');
      },
      onError: (e) => notify(e instanceof Error && e.message ? e.message : 'The auction could not be relisted', { type: 'error' }),
    });
  }

  return (
    <Card>
      <CardHeader title="Manual Relist" subheader="Relist an ended auction or a closed reverse auction now, without waiting for its delay." />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            select
            id="manual-relist-type"
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as RelistType)}
            size="small"
            helperText=" "
            sx={{ minWidth: 180 }}
          >
            {RELIST_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {relistTypeLabel(t)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="manual-relist-auction-id"
            label="Auction ID"
            value={auctionId}
            onChange={(e) => {
              setAuctionId(e.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            size="small"
            sx={{ minWidth: 360, flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={relist.isPending}>
            {relist.isPending ? 'Relisting...' : 'Relist Now'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
