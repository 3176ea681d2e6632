import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, SelectInput, TextField } from 'react-admin';
import type { FeaturedListingDto } from '../../modules/featured/featured-listing.dto';
import { ctrText, FEATURED_TEXTS, LISTING_TYPE_LABELS } from './featuredAdmin';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={[{ id: 'active', name: 'Active' }, { id: 'upcoming', name: 'Upcoming' }, { id: 'expired', name: 'Expired' }]} alwaysOn />,
  <SelectInput key="placementType" source="placementType" label="Page" choices={[{ id: 'homepage', name: 'Home page' }, { id: 'category', name: 'Category page' }]} alwaysOn />,
];

const STATUS_COLOR = { active: 'success', upcoming: 'info', expired: 'default' } as const;

/** Every placement, past ones included, with its derived status and performance; a row opens the form. */
export function FeaturedListingTable() {
  return (
    <List resource="featured-listings" title={false} filters={filters} sort={{ field: 'startDate', order: 'DESC' }} perPage={25} disableSyncWithLocation actions={false} storeKey="featured-listings.table">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <FunctionField<FeaturedListingDto> label="Page" sortBy="placementType" render={(r) => (r.placementType === 'homepage' ? 'Home page' : 'Category')} />
        <NumberField source="position" label="Position" />
        <FunctionField<FeaturedListingDto>
          label="Listing"
          render={(r) => (
            <>
              {r.listingTitle ?? 'Unknown listing'} {!r.listingLive && <Chip size="small" color="error" label={FEATURED_TEXTS.notLive} />}
            </>
          )}
        />
        <FunctionField<FeaturedListingDto> label="Type" sortBy="listingType" render={(r) => LISTING_TYPE_LABELS[r.listingType]} />
        <FunctionField<FeaturedListingDto> label="Status" render={(r) => <Chip size="small" color={STATUS_COLOR[r.status]} label={r.isActive ? r.status : `${r.status} (off)`} />} />
        <DateField source="startDate" label="Start" locales="en-US" showTime />
        <DateField source="endDate" label="End" locales="en-US" showTime />
        <TextField source="price" label="Price (USD)" />
        <NumberField source="impressions" label="Impressions" sortable={false} />
        <NumberField source="clicks" label="Clicks" sortable={false} />
        <FunctionField<FeaturedListingDto> label="CTR" render={(r) => ctrText(r.impressions, r.clicks)} />
      </Datagrid>
    </List>
  );
}
