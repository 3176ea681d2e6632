import { Chip, Link as MuiLink, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { ExportAllButton } from '../layout/ExportAllButton';
import type { ActiveListingRow } from '../../modules/analytics/analytics.dto';
import { toCsv } from '../seller-analytics/analyticsExport';
import { useCategories } from '../useCategories';
import { CONDITION_CHOICES, conditionName, csvFileName, csvRow, CSV_HEADERS, listingHref, medianText } from './activeListingsExport';

/** The server's largest page of this resource. */
const EXPORT_PAGE = 500;

/** The category filter, its choices from the marketplace's categories (by slug, as listings hold them). */
function CategoryFilter(props: { source: string; label: string; alwaysOn?: boolean }) {
  const categories = useCategories();
  return <SelectInput {...props} choices={(categories.data ?? []).map((c) => ({ id: c.slug, name: c.name }))} isLoading={categories.isPending} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title or seller" />,
  <SelectInput
    key="listingType"
    source="listingType"
    label="Type"
    alwaysOn
    choices={[
      { id: 'part', name: 'Fixed price' },
      { id: 'auction', name: 'Auction' },
    ]}
  />,
  <CategoryFilter key="category" source="category" label="Category" alwaysOn />,
  <SelectInput key="condition" source="condition" label="Condition" choices={[...CONDITION_CHOICES]} />,
];

const Actions = () => (
  <TopToolbar>
    <ExportAllButton<ActiveListingRow> perPage={EXPORT_PAGE} toCsv={(rows) => toCsv(CSV_HEADERS, rows.map(csvRow))} fileName={() => csvFileName(new Date())} />
  </TopToolbar>
);

const usd = { style: 'currency', currency: 'USD' } as const;

/**
 * Active Listings Analysis (spec 001 §2): every live part and open auction with recorded figures: page views
 * (once per visitor per day), watchers, search impressions and clicks, messages, days listed and the price
 * against its category and condition median.
 */
export const ActiveListingsList = () => (
  <List
    title="Active Listings Analysis"
    sort={{ field: 'daysListed', order: 'ASC' }}
    perPage={25}
    filters={filters}
    exporter={false}
    actions={<Actions />}
    empty={<Typography sx={{ p: 3 }}>No live listings yet. Listings appear here once they are approved.</Typography>}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField<ActiveListingRow>
        source="title"
        label="Listing"
        render={(r) => (
          <MuiLink href={listingHref(r)} target="_blank" rel="noreferrer" title={r.description}>
            {r.title}
          </MuiLink>
        )}
      />
      <FunctionField<ActiveListingRow>
        label="Type"
        render={(r) => <Chip size="small" variant="outlined" label={r.listingType === 'auction' ? 'Auction' : 'Fixed price'} />}
      />
      <FunctionField<ActiveListingRow> source="sellerName" label="Seller" render={(r) => r.sellerName} />
      <FunctionField<ActiveListingRow> label="Location" render={(r) => r.location || '—'} />
      <FunctionField<ActiveListingRow> source="categoryName" label="Category" render={(r) => `${r.categoryName} · ${conditionName(r.condition)}`} />
      <NumberField source="price" label="Price" locales="en-US" options={usd} transform={(v: unknown) => Number(v)} />
      <FunctionField<ActiveListingRow>
        source="priceVsMedianPercent"
        label="Vs median"
        render={(r) => (
          <span title={`Median of live ${r.categoryName} parts in this condition: $${r.categoryMedian}`}>{medianText(r.priceVsMedianPercent)}</span>
        )}
      />
      <NumberField source="daysListed" label="Days" />
      <NumberField source="views" label="Views" />
      <NumberField source="watchers" label="Watchers" />
      <NumberField source="impressions" label="Impressions" />
      <NumberField source="clicks" label="Clicks" />
      <FunctionField<ActiveListingRow> source="clickThroughPercent" label="CTR" render={(r) => (r.clickThroughPercent === null ? 'No impressions' : `${r.clickThroughPercent}%`)} />
      <NumberField source="messages" label="Messages" />
      <FunctionField<ActiveListingRow> label="Bids" render={(r) => (r.bids === null ? '—' : String(r.bids))} />
      <DateField source="endTime" label="Ends" showTime locales="en-US" emptyText="—" sortable={false} />
    </Datagrid>
  </List>
);
