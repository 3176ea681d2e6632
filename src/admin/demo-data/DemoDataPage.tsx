import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, Title, useNotify } from 'react-admin';
import type { PartDto } from '../../modules/catalog/part.dto';
import type { DemoRunDto, DemoStatusDto } from '../../platform/demo/demo.dto';
import { httpClient } from '../dataProvider';
import {
  CLEAR_DEMO_API,
  DEMO_PARTS_SHOWN,
  DEMO_STATUS_API,
  demoFailureText,
  demoRunApi,
  formatPrice,
  HOUSE_PARTS_API,
  HOUSE_PARTS_FAILED,
  isRunOpen,
  partPath,
  RUN_POLL_MS,
  runCaption,
  runNotice,
  SEED_DEMO_API,
} from './demoData';

const STATUS_KEY = ['admin', 'demo', 'status'] as const;
const PARTS_KEY = ['/api/parts', 'house-account-user'] as const;

/** /admin/demo-data: add or clear the demo, follow the job's progress, and jump to the house account's pages. */
export const DemoDataPage = () => {
  const notify = useNotify();
  const client = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const announced = useRef<string | null>(null);

  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => (await httpClient(DEMO_STATUS_API)).json as DemoStatusDto,
  });
  const parts = useQuery({
    queryKey: PARTS_KEY,
    queryFn: async () => (await httpClient(HOUSE_PARTS_API)).json as PartDto[],
  });

  // A run started elsewhere (another admin, or before a reload) is followed too.
  const openElsewhere = status.data?.run && isRunOpen(status.data.run) ? status.data.run.id : null;
  const followed = runId ?? openElsewhere;
  const run = useQuery({
    queryKey: ['admin', 'demo', 'run', followed],
    queryFn: async () => (await httpClient(demoRunApi(followed!))).json as DemoRunDto,
    enabled: followed !== null,
    refetchInterval: (query) => (isRunOpen(query.state.data) || !query.state.data ? RUN_POLL_MS : false),
  });

  useEffect(() => {
    const current = run.data;
    if (!current || isRunOpen(current) || announced.current === current.id) return;
    announced.current = current.id;
    const notice = runNotice(current);
    if (notice && current.id === runId) notify(notice.message, { type: notice.type, multiLine: true });
    setRunId(null);
    void client.invalidateQueries({ queryKey: STATUS_KEY });
    void client.invalidateQueries({ queryKey: PARTS_KEY });
  }, [run.data, runId, notify, client]);

  const start = useMutation({
    mutationFn: async (action: 'seed' | 'clear') =>
      (await httpClient(action === 'seed' ? SEED_DEMO_API : CLEAR_DEMO_API, action === 'seed' ? { method: 'POST', body: '{}' } : { method: 'DELETE' })).json as DemoRunDto,
    onSuccess: (started) => setRunId(started.id),
    onError: (error, action) => notify(demoFailureText(action, error), { type: 'error', multiLine: true }),
  });

  const current = run.data && isRunOpen(run.data) ? run.data : null;
  const busy = start.isPending || followed !== null;
  const house = status.data?.house;
  const demoParts = (parts.data ?? []).slice(0, DEMO_PARTS_SHOWN);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, maxWidth: 960 }}>
      <Title title="Demo Data" />
      <Card>
        <CardHeader
          title="Demo Data"
          subheader="Fill the marketplace with a believable demo (the house account, a dozen sellers, 300 parts with photos, auctions in every state), or remove exactly that data again."
        />
        <CardContent sx={{ pt: 0 }}>
          <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
            <Button variant="contained" disabled={busy} onClick={() => start.mutate('seed')}>
              Add Demo Parts
            </Button>
            <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirming(true)}>
              Clear Demo Data
            </Button>
          </Stack>
          {current ? (
            <Box role="status" aria-live="polite">
              <LinearProgress variant={current.status === 'queued' ? 'indeterminate' : 'determinate'} value={current.percent} aria-label="Demo data progress" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {runCaption(current)}
              </Typography>
            </Box>
          ) : status.data?.run ? (
            <Typography variant="body2" color="text.secondary">
              Last {status.data.run.action === 'seed' ? 'seeding' : 'clearing'}: {status.data.run.status}
              {status.data.run.finishedAt ? ` on ${new Date(status.data.run.finishedAt).toLocaleString('en-US')}` : ''}.
            </Typography>
          ) : null}
          {status.data && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The demo holds {status.data.records['catalog.part'] ?? 0} parts, {status.data.records['sellers.seller'] ?? 0} sellers and{' '}
              {status.data.records['auctions.auction'] ?? 0} auctions.
            </Typography>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="House Account" />
        <CardContent sx={{ pt: 0 }}>
          {status.isError ? (
            <Alert severity="error">The demo status could not be loaded.</Alert>
          ) : (
            <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
              <Link href={house?.storefrontPath ?? '/storefront/pitlane-house'}>House storefront</Link>
              <Link href={house?.searchPath ?? '/search?sellerId=house-account-user'}>Search the house account's parts</Link>
            </Stack>
          )}
          <Typography variant="subtitle2" component="h2">
            Current demo parts
          </Typography>
          {parts.isLoading ? (
            <Skeleton variant="rectangular" height={80} />
          ) : parts.isError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {HOUSE_PARTS_FAILED}
            </Alert>
          ) : demoParts.length === 0 ? (
            <Typography color="text.secondary">No demo parts yet. Add Demo Parts to create them.</Typography>
          ) : (
            <List dense aria-label="Current demo parts">
              {demoParts.map((part) => (
                <ListItem key={part.id} disableGutters>
                  <ListItemText
                    primary={<Link href={partPath(part.id)}>{part.title}</Link>}
                    secondary={`${formatPrice(part.price)} · ${part.categoryName ?? part.category}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      <Confirm
        isOpen={confirming}
        title="Clear Demo Data"
        content="Remove every demo record (the house account, demo sellers, parts, photos and auctions) and everything hanging off them? Real users' bids on demo auctions go too, and those users are told by mail."
        confirm="Clear Demo Data"
        onConfirm={() => {
          setConfirming(false);
          start.mutate('clear');
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
