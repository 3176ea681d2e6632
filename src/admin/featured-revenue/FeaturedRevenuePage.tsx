import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCSV, Title } from 'react-admin';
import { httpClient } from '../dataProvider';
import { useCategories } from '../useCategories';
import { DataTable } from '../layout/DataTable';
import { LazyBarChart } from '../layout/LazyBarChart';
import type { FeaturedRevenueReportDto } from '../../modules/featured/featured-listing.dto';
import { chartPoints, csvFileName, moneyText, monthOf, overallOccupancy, pageLabel, percent, revenueCsv } from './featuredRevenue';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Featured Revenue: revenue by month and by page (a chart and tables), occupancy (booked slot-days out of the
 * slot-days offered), impressions, clicks and CTR per page and placement, and a dated CSV.
 */
export function FeaturedRevenuePage() {
  const now = new Date();
  const [from, setFrom] = useState(monthOf(now, -11));
  const [to, setTo] = useState(monthOf(now));
  const categories = useCategories();
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const report = useQuery({
    queryKey: ['/api/admin/featured-revenue', from, to],
    queryFn: async () => (await httpClient(`/api/admin/featured-revenue?${new URLSearchParams({ from, to })}`)).json as FeaturedRevenueReportDto,
    enabled: /^\d{4}-\d{2}$/.test(from) && /^\d{4}-\d{2}$/.test(to) && from <= to,
  });
  const data = report.data;
  const occupancy = data ? overallOccupancy(data, categories.data?.length ?? 0) : null;

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Featured Revenue" />
      <Stack direction="row" useFlexGap spacing={2} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Featured Revenue
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField size="small" type="month" label="From" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="month" label="To" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!data} onClick={() => data && downloadCSV(revenueCsv(data, names), csvFileName(new Date()))}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      {from > to && <Alert severity="warning">The last month must not be before the first.</Alert>}
      {report.isPending && report.fetchStatus !== 'idle' && <LinearProgress aria-label="Loading featured revenue" />}
      {report.error ? <Alert severity="error">The featured revenue could not be loaded: {report.error instanceof Error ? report.error.message : 'unknown error'}</Alert> : null}
      {data && occupancy && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
            <Figure label="Revenue" value={moneyText(data.totals.revenue)} />
            <Figure label="Placements booked" value={String(data.totals.placements)} />
            <Figure label="Occupancy" value={percent(occupancy.rate)} hint={`${occupancy.booked.toLocaleString('en-US')} of ${occupancy.possible.toLocaleString('en-US')} slot-days`} />
            <Figure label="Impressions / clicks" value={`${data.totals.impressions.toLocaleString('en-US')} / ${data.totals.clicks.toLocaleString('en-US')}`} />
            <Figure label="Click-through rate" value={percent(data.totals.ctr)} />
          </Box>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Revenue by month
              </Typography>
              <LazyBarChart
                label="Featured revenue by month, home page and category pages"
                height={280}
                stacked
                data={chartPoints(data)}
                bars={[
                  { dataKey: 'homepage', name: 'Home page', fill: '#C8102E' },
                  { dataKey: 'category', name: 'Category pages', fill: '#3b3f45' },
                ]}
              />
              <DataTable
                label="Revenue by month"
                rows={data.months}
                rowKey={(m) => m.month}
                columns={[
                  { label: 'Month', cell: (m) => m.month },
                  { label: 'Home page', align: 'right', cell: (m) => moneyText(m.homepage) },
                  { label: 'Category pages', align: 'right', cell: (m) => moneyText(m.category) },
                  { label: 'Total', align: 'right', cell: (m) => moneyText(m.total) },
                  { label: 'Placements', align: 'right', cell: (m) => m.placements },
                ]}
              />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                By page
              </Typography>
              <DataTable
                label="Revenue by page"
                rows={data.pages}
                rowKey={(p) => `${p.placementType}-${p.categoryId ?? ''}`}
                columns={[
                  { label: 'Page', cell: (p) => pageLabel(p, names) },
                  { label: 'Revenue', align: 'right', cell: (p) => moneyText(p.revenue) },
                  { label: 'Placements', align: 'right', cell: (p) => p.placements },
                  {
                    label: 'Occupancy',
                    align: 'right',
                    cell: (p) => <span title={`${p.bookedSlotDays} of ${p.possibleSlotDays} slot-days`}>{percent(p.occupancy)}</span>,
                  },
                  { label: 'Impressions', align: 'right', cell: (p) => p.impressions.toLocaleString('en-US') },
                  { label: 'Clicks', align: 'right', cell: (p) => p.clicks.toLocaleString('en-US') },
                  { label: 'CTR', align: 'right', cell: (p) => percent(p.ctr) },
                ]}
              />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Placements
              </Typography>
              {data.placements.length === 0 ? (
                <Typography color="text.secondary">No placements ran in these months.</Typography>
              ) : (
                <DataTable
                  label="Placement performance"
                  rows={data.placements}
                  rowKey={(p) => p.id}
                  columns={[
                    { label: 'Page', cell: (p) => pageLabel(p, names) },
                    { label: 'Position', cell: (p) => p.position },
                    { label: 'Type', cell: (p) => p.listingType.replace('_', ' ') },
                    { label: 'Run', cell: (p) => `${dateText(p.startDate)} – ${dateText(p.endDate)}` },
                    { label: 'Price', align: 'right', cell: (p) => moneyText(p.price) },
                    { label: 'Impressions', align: 'right', cell: (p) => p.impressions.toLocaleString('en-US') },
                    { label: 'Clicks', align: 'right', cell: (p) => p.clicks.toLocaleString('en-US') },
                    { label: 'CTR', align: 'right', cell: (p) => percent(p.ctr) },
                  ]}
                />
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
