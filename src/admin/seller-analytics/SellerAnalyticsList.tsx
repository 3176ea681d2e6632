import { Chip, Tooltip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, TextField, TopToolbar } from 'react-admin';
import { ExportAllButton } from '../layout/ExportAllButton';
import {
  CSV_HEADERS,
  bandOf,
  conversionDetail,
  conversionText,
  csvFileName,
  csvRow,
  ratingText,
  responseText,
  toCsv,
} from './analyticsExport';
import type { SellerPerformanceRow as SellerAnalyticsRow } from '../../modules/analytics/analytics.dto';
import { CONVERSION_HELP, CONVERSION_PERIOD_DAYS } from '../../modules/analytics/analytics.messages';

/** The server's largest page. */
const EXPORT_PAGE = 100;

const BAND_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  Excellent: 'success',
  Good: 'info',
  Average: 'warning',
  Poor: 'error',
};

const AnalyticsActions = () => (
  <TopToolbar>
    <ExportAllButton<SellerAnalyticsRow> perPage={EXPORT_PAGE} toCsv={(rows) => toCsv(CSV_HEADERS, rows.map(csvRow))} fileName={() => csvFileName(new Date())} />
  </TopToolbar>
);

/** Seller Analytics & Performance: real listing, sales and reputation figures per approved seller. */
export const SellerAnalyticsList = () => (
  <List
    title="Seller Analytics & Performance"
    sort={{ field: 'businessName', order: 'ASC' }}
    perPage={25}
    exporter={false}
    actions={<AnalyticsActions />}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="businessName" label="Seller" />
      <FunctionField<SellerAnalyticsRow>
        label="Location"
        render={(r) => [r.businessCity, r.businessState].filter(Boolean).join(', ') || '—'}
      />
      <DateField source="approvedAt" label="Approved" locales="en-US" emptyText="—" />
      <NumberField source="partsListed" label="Listed" sortable={false} />
      <NumberField source="activeParts" label="Active" sortable={false} />
      <NumberField source="soldCount" label="Sold" sortable={false} />
      <NumberField
        source="revenue"
        label="Revenue"
        sortable={false}
        locales="en-US"
        options={{ style: 'currency', currency: 'USD' }}
        transform={(v: unknown) => Number(v)}
      />
      <FunctionField<SellerAnalyticsRow> label="Rating" render={(r) => ratingText(r)} />
      <FunctionField<SellerAnalyticsRow>
        label="Rating band"
        render={(r) => {
          const band = bandOf(r);
          return <Chip size="small" label={band} color={BAND_COLOR[band] ?? 'default'} variant={band === 'No reviews' ? 'outlined' : 'filled'} />;
        }}
      />
      <FunctionField<SellerAnalyticsRow> label="Reviews" render={(r) => String(r.reviews)} />
      <NumberField source="reputationPoints" label="Points" sortable={false} />
      <TextField source="levelName" label="Tier" sortable={false} />
      <NumberField source="listingViews" label="Listing views" sortable={false} />
      <FunctionField<SellerAnalyticsRow>
        label={
          <Tooltip title={CONVERSION_HELP}>
            <span style={{ textDecoration: 'underline dotted' }}>{`Conversion (${CONVERSION_PERIOD_DAYS} days)`}</span>
          </Tooltip>
        }
        render={(r) => (
          <Tooltip title={conversionDetail(r)}>
            <span>{conversionText(r)}</span>
          </Tooltip>
        )}
      />
      <FunctionField<SellerAnalyticsRow>
        label="Response time"
        render={(r) => (r.conversations ? `${responseText(r.responseMedianMinutes)} (${r.answeredConversations}/${r.conversations} answered)` : 'No messages yet')}
      />
    </Datagrid>
  </List>
);
