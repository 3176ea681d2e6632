import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { downloadCSV, Title } from 'react-admin';
import { ADMIN_API, httpClient } from '../dataProvider';
import { LazyBarChart } from '../layout/LazyBarChart';
import type { FinanceMonthDto, OwedBySellersDto } from '../../modules/payments/order.dto';
import { moneyText } from '../orders/orderAdmin';
import { chartPoints, financeCsv, financeTotals, monthLabel } from './finance';

/** The periods the page offers, in months (the server's longest span is five years); the last 12 by default. */
const PERIODS = [
  { months: 12, label: 'Last 12 months' },
  { months: 24, label: 'Last 24 months' },
  { months: 60, label: 'Last 5 years' },
] as const;

/** Finance: gross sales, commission, refunds, featured-listing revenue and provider fees by month, as a chart, a table and a CSV. */
export function FinancePage() {
  const [months, setMonths] = useState<number>(PERIODS[0].months);
  const { data, isPending, error } = useQuery({
    queryKey: ['admin-finance', months],
    queryFn: async () => (await httpClient(`${ADMIN_API}/finance?months=${months}`)).json as FinanceMonthDto[],
  });
  // Newest month first in the table; the chart sorts its own copy oldest first.
  const rows = [...(data ?? [])].sort((a, b) => b.month.localeCompare(a.month));
  const totals = financeTotals(rows);
  // Not by month: what sellers owe now (escrow transfer reversals not made yet), as the Orders list's "Reversal owed".
  const owed = useQuery({
    queryKey: ['admin-finance-owed'],
    queryFn: async () => (await httpClient(`${ADMIN_API}/finance/owed`)).json as OwedBySellersDto,
  });

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Finance" />
      <Stack direction="row" useFlexGap spacing={1} sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Finance
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select size="small" label="Period" value={months} onChange={(e) => setMonths(Number(e.target.value))} sx={{ minWidth: 170 }}>
            {PERIODS.map((p) => (
              <MenuItem key={p.months} value={p.months}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<DownloadIcon />} sx={{ whiteSpace: 'nowrap' }} disabled={rows.length === 0} onClick={() => downloadCSV(financeCsv(rows), `pitlane-finance-${months}-months`)}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      {isPending && <LinearProgress aria-label="Loading finance figures" />}
      {error ? <Alert severity="error">The finance figures could not be loaded: {error instanceof Error ? error.message : 'unknown error'}</Alert> : null}
      {!isPending && !error && rows.length === 0 && <Alert severity="info">No sales yet: the months appear once orders are paid.</Alert>}
      {rows.length > 0 && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
            <Figure label="Gross sales" value={moneyText(totals.grossSales)} />
            <Figure label="Commission" value={moneyText(totals.commission)} />
            <Figure label="Featured revenue" value={moneyText(totals.featuredRevenue)} />
            <Figure label="Refunds" value={moneyText(totals.refunds)} />
            <Figure label="Owed by sellers" value={owed.data ? moneyText(owed.data.owedBySellers) : '—'} />
          </Box>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                By month
              </Typography>
              <LazyBarChart
                label="Gross sales, commission and featured revenue by month"
                height={320}
                grid="horizontal"
                data={chartPoints(rows)}
                bars={[
                  { dataKey: 'grossSales', name: 'Gross sales', fill: '#2f3a45' },
                  { dataKey: 'commission', name: 'Commission', fill: '#C8102E' },
                  { dataKey: 'featuredRevenue', name: 'Featured revenue', fill: '#d98e04' },
                ]}
              />
            </CardContent>
          </Card>
          <Card sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Finance by month">
              <TableHead>
                <TableRow>
                  <TableCell>Month</TableCell>
                  <TableCell align="right">Orders</TableCell>
                  <TableCell align="right">Gross sales</TableCell>
                  <TableCell align="right">Commission</TableCell>
                  <TableCell align="right">Refunds</TableCell>
                  <TableCell align="right">Featured revenue</TableCell>
                  <TableCell align="right">Provider fees</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{monthLabel(r.month)}</TableCell>
                    <TableCell align="right">{r.orders}</TableCell>
                    <TableCell align="right">{moneyText(r.grossSales)}</TableCell>
                    <TableCell align="right">{moneyText(r.commission)}</TableCell>
                    <TableCell align="right">{moneyText(r.refunds)}</TableCell>
                    <TableCell align="right">{moneyText(r.featuredRevenue)}</TableCell>
                    <TableCell align="right">{moneyText(r.providerFees)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {totals.orders}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {moneyText(totals.grossSales)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {moneyText(totals.commission)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {moneyText(totals.refunds)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {moneyText(totals.featuredRevenue)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {moneyText(totals.providerFees)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Card>
        </Stack>
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}
