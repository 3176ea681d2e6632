import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardActions, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import SportsMotorsportsIcon from '@mui/icons-material/SportsMotorsports';
import { LinkBase, ListButton, useCreatePath, useGetIdentity, useGetList } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import MailIcon from '@mui/icons-material/Mail';
import SellIcon from '@mui/icons-material/Sell';
import StorefrontIcon from '@mui/icons-material/Storefront';
import GavelIcon from '@mui/icons-material/Gavel';
import InsightsIcon from '@mui/icons-material/Insights';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_API, httpClient } from '../dataProvider';
import { ConsoleTitle } from '../layout/ConsoleTitle';
import { useSellerCounts } from '../sellers/sellersApi';

/** GET /api/admin/stats: the marketplace figures, counted by the server (today: since 00:00 UTC; week: last 7 days). */
type MarketplaceFigures = Record<
  | 'liveListings'
  | 'activeAuctions'
  | 'bidsToday'
  | 'bidsThisWeek'
  | 'newUsersToday'
  | 'newUsersThisWeek'
  | 'sellersWaiting',
  number
>;

function useMarketplaceFigures() {
  return useQuery({
    queryKey: [`${ADMIN_API}/stats`],
    queryFn: async () => (await httpClient(`${ADMIN_API}/stats`)).json as MarketplaceFigures,
    refetchInterval: 60_000,
  });
}

/**
 * The console's home: the spec's count cards (pending applications, approved sellers, rejected applications) and
 * the listings waiting for review, each opening its screen on that tab, then the way to the other resources.
 */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const sellerCounts = useSellerCounts();
  // Only the total is needed: one row asked for, the count comes from the answer's Content-Range. The sort is
  // one the server accepts (the data provider's default, id, is not).
  const pendingListings = useGetList('parts', {
    filter: { status: 'pending' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const createPath = useCreatePath();
  const listWith = (resource: string, status: string) =>
    `${createPath({ type: 'list', resource })}?filter=${encodeURIComponent(JSON.stringify({ status }))}`;
  const sellerFigure = (key: 'pending' | 'approved' | 'rejected') => (sellerCounts.isError ? null : sellerCounts.data?.[key]);
  const stats = useMarketplaceFigures();
  const figure = (key: keyof MarketplaceFigures) => (stats.isError ? null : stats.data?.[key]);
  const resourceList = (resource: string) => createPath({ type: 'list', resource });

  return (
    <Box sx={{ mt: 2, maxWidth: 1040 }}>
      <ConsoleTitle title="Dashboard" />
      <Box
        component="section"
        aria-label="Waiting for a decision and seller figures"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 2 }}
      >
        <CountCard
          label="Listings pending review"
          value={pendingListings.isError ? null : pendingListings.total}
          to={listWith('parts', 'pending')}
          icon={<SellIcon color="primary" />}
        />
        <CountCard label="Pending applications" value={sellerFigure('pending')} to={listWith('sellers', 'pending')} icon={<StorefrontIcon color="primary" />} />
        <CountCard label="Approved sellers" value={sellerFigure('approved')} to={listWith('sellers', 'approved')} icon={<StorefrontIcon color="action" />} />
        <CountCard label="Rejected applications" value={sellerFigure('rejected')} to={listWith('sellers', 'rejected')} icon={<StorefrontIcon color="action" />} />
      </Box>
      <Box
        component="section"
        aria-label="Marketplace figures"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 2 }}
      >
        <CountCard label="Live listings" value={figure('liveListings')} to={listWith('parts', 'approved')} icon={<SellIcon color="action" />} />
        <CountCard label="Active auctions" value={figure('activeAuctions')} to={listWith('auctions', 'active')} icon={<GavelIcon color="primary" />} />
        <CountCard label="Bids today" value={figure('bidsToday')} to={resourceList('auctions')} icon={<InsightsIcon color="action" />} />
        <CountCard label="Bids in the last 7 days" value={figure('bidsThisWeek')} to={resourceList('auctions')} icon={<InsightsIcon color="action" />} />
        <CountCard label="New users today" value={figure('newUsersToday')} to={resourceList('users')} icon={<PeopleIcon color="action" />} />
        <CountCard label="New users in the last 7 days" value={figure('newUsersThisWeek')} to={resourceList('users')} icon={<PeopleIcon color="action" />} />
        <CountCard label="Sellers waiting" value={figure('sellersWaiting')} to={listWith('sellers', 'pending')} icon={<StorefrontIcon color="primary" />} />
      </Box>
      <Card sx={{ borderLeft: 6, borderColor: 'primary.main', maxWidth: 760 }}>
        <CardHeader
          avatar={<SportsMotorsportsIcon color="primary" fontSize="large" />}
          title={
            <Typography variant="h5" component="h2">
              Welcome to Pitlane Admin{identity?.fullName ? `, ${identity.fullName}` : ''}
            </Typography>
          }
          subheader="The console for running the Pitlane marketplace for classic, performance and race car parts."
        />
        <CardContent>
          <Typography variant="body1" sx={{ mb: 1 }}>
            Review seller applications under <strong>Sellers</strong> and new listings under <strong>Listings</strong>; the
            figures above open each queue.
          </Typography>
          <Typography variant="body1" sx={{ mb: 1 }}>
            Look up buyers, sellers and administrators, and change a user&apos;s role, under <strong>Users</strong>.
          </Typography>
          <Typography variant="body1">
            Read the mail the marketplace has sent, including verification links, under <strong>Mail outbox</strong>.
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <ListButton resource="users" label="Users" icon={<PeopleIcon />} variant="contained" />
          <ListButton resource="mail-outbox" label="Mail outbox" icon={<MailIcon />} variant="outlined" />
        </CardActions>
      </Card>
    </Box>
  );
};

/** A figure with its label, opening the list it counts. `undefined` while loading, `null` when it failed. */
function CountCard({ label, value, to, icon }: { label: string; value: number | null | undefined; to: string; icon: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={LinkBase} to={to} sx={{ height: '100%', p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {icon}
          <Typography variant="body2" color="text.secondary" component="span">
            {label}
          </Typography>
        </Box>
        <Typography variant="h4" component="p">
          {value === undefined ? <Skeleton width={48} /> : value === null ? '–' : value.toLocaleString('en-US')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
