import { useEffect, type ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FeaturedListingDto, FeaturedPlacementType } from '../../modules/featured/featured-listing.dto';
import type { AdminSellerDto } from '../../modules/sellers/seller.dto';
import { defaultEnd, occupiedPositions, positionChoices, SLOTS } from './featuredAdmin';
import { useCategories } from '../useCategories';

const LISTING_TYPES = [
  { id: 'part', name: 'Part' },
  { id: 'auction', name: 'Auction' },
  { id: 'reverse_auction', name: 'Reverse auction' },
];
const PLACEMENTS = [
  { id: 'homepage', name: 'Home page' },
  { id: 'category', name: 'Category page' },
];
const OPEN = ['scheduled', 'active'];
const asDate = (v: unknown) => (v ? new Date(v as string) : null);

/**
 * The featured listing form (spec 001 §5), both versions in one: the page and its category, the listing type
 * (a part is chosen through its seller, as version 1 does; an auction or a reverse auction directly), the
 * position with the occupied ones disabled (except the one being edited), the run (30 days by default), the
 * price and notes.
 */
export function FeaturedListingForm({ toolbar }: { toolbar?: ReactElement }) {
  return (
    <SimpleForm toolbar={toolbar}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr' }, width: '100%' }}>
        <SelectInput source="placementType" label="Page" choices={PLACEMENTS} validate={required()} />
        <CategoryInput />
        <RadioButtonGroupInput source="listingType" label="Listing type" choices={LISTING_TYPES} validate={required()} sx={{ gridColumn: '1 / -1' }} />
        <ListingInputs />
        <DateTimeInput source="startDate" label="Start date" validate={required('Start date is required')} />
        <EndDateInput />
        <PositionInput />
        <NumberInput source="price" label="Price (USD)" step={0.01} min={0} validate={required('Price is required')} />
        <BooleanInput source="isActive" label="Active" />
        <TextInput source="notes" label="Notes" multiline minRows={2} sx={{ gridColumn: '1 / -1' }} />
      </Box>
    </SimpleForm>
  );
}

function CategoryInput() {
  const placementType = useWatch({ name: 'placementType' }) as FeaturedPlacementType;
  const categories = useCategories();
  if (placementType !== 'category') return <span />;
  return (
    <SelectInput
      source="categoryId"
      label="Category"
      choices={(categories.data ?? []).map((c) => ({ id: c.id, name: c.name }))}
      isLoading={categories.isPending}
      validate={required('Category is required for a category placement')}
    />
  );
}

function ListingInputs() {
  const listingType = useWatch({ name: 'listingType' }) as string;
  if (listingType === 'auction') {
    return (
      <ReferenceInput source="auctionId" reference="auctions" filter={{ status: OPEN }} sort={{ field: 'endTime', order: 'ASC' }}>
        <AutocompleteInput label="Auction" optionText="title" validate={required('Auction is required')} sx={{ gridColumn: '1 / -1' }} />
      </ReferenceInput>
    );
  }
  if (listingType === 'reverse_auction') {
    return (
      <ReferenceInput source="reverseAuctionId" reference="reverse-auctions" filter={{ status: OPEN }} sort={{ field: 'endTime', order: 'ASC' }}>
        <AutocompleteInput label="Reverse auction" optionText="title" validate={required('Reverse auction is required')} sx={{ gridColumn: '1 / -1' }} />
      </ReferenceInput>
    );
  }
  return <PartThroughSeller />;
}

/** Version 1: choose a seller first, then one of that seller's approved, listed parts. */
function PartThroughSeller() {
  const sellers = useGetList<AdminSellerDto>('sellers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'businessName', order: 'ASC' }, filter: { status: 'approved' } });
  const sellerUserId = useWatch({ name: 'listingOwnerId' }) as string | undefined;
  return (
    <>
      <SelectInput
        source="listingOwnerId"
        label="Seller"
        choices={(sellers.data ?? []).map((s) => ({ id: s.userId, name: `${s.businessName} · ${s.businessCity}, ${s.businessState}${s.contactEmail ? ` · ${s.contactEmail}` : ''}` }))}
        isLoading={sellers.isPending}
        helperText="Choose the seller first"
      />
      {sellerUserId ? (
        <ReferenceInput source="partId" reference="parts" filter={{ sellerId: sellerUserId, isApproved: true, isActive: true }} sort={{ field: 'createdAt', order: 'DESC' }}>
          <AutocompleteInput label="Part" optionText="title" validate={required('Part is required')} />
        </ReferenceInput>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          Part is required: choose a seller to see their parts.
        </Typography>
      )}
    </>
  );
}

/** The end date; it follows the start by the default 30-day run until it is set by hand. */
function EndDateInput() {
  const { setValue, getFieldState } = useFormContext();
  const start = useWatch({ name: 'startDate' }) as string | undefined;
  useEffect(() => {
    const date = asDate(start);
    // Only once the start is changed by hand: a stored placement keeps its end.
    if (date && !Number.isNaN(date.getTime()) && getFieldState('startDate').isDirty && !getFieldState('endDate').isDirty) {
      setValue('endDate', defaultEnd(date).toISOString());
    }
  }, [start, setValue, getFieldState]);
  return <DateTimeInput source="endDate" label="End date" validate={required('End date is required')} helperText="30 days after the start unless changed" />;
}

/** Positions of the page, the ones booked for overlapping dates disabled (except this placement's own). */
function PositionInput() {
  const record = useRecordContext<FeaturedListingDto>();
  const [placementType, categoryId, startDate, endDate] = useWatch({ name: ['placementType', 'categoryId', 'startDate', 'endDate'] }) as [FeaturedPlacementType, string | undefined, string, string];
  const start = asDate(startDate);
  const end = asDate(endDate);
  const valid = Boolean(start && end && !Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime()) && end > start);
  const booked = useGetList<FeaturedListingDto>(
    'featured-listings',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'position', order: 'ASC' },
      filter: { placementType, ...(placementType === 'category' ? { categoryId } : {}), isActive: true, ...(valid ? { activeFrom: start!.toISOString(), activeTo: end!.toISOString() } : {}) },
    },
    { enabled: valid && (placementType === 'homepage' || Boolean(categoryId)) },
  );
  const occupied = occupiedPositions(booked.data ?? [], start, end, record?.id);
  const slots = SLOTS[placementType] ?? SLOTS.homepage;
  return (
    <SelectInput
      source="position"
      label="Position"
      choices={positionChoices(slots, occupied)}
      validate={required(placementType === 'category' ? 'Position must be between 1 and 8' : 'Position must be between 1 and 12')}
      helperText={occupied.size ? `${occupied.size} position(s) taken for these dates` : 'Every position is free for these dates'}
    />
  );
}

