import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useGetList,
  useListContext,
} from 'react-admin';
import { ListingReviewCard } from './ListingReviewCard';
import { conditionText, priceText, reviewStatusChoices, reviewStatusOf } from './listingFormat';
import type { PartDto } from '../../modules/catalog/part.dto';
import { ReviewButtons } from './ReviewButtons';

const listingFilters = [
  <SearchInput key="q" source="q" placeholder="Search title or part number" alwaysOn />,
  <SelectInput key="status" source="status" label="Approval status" choices={reviewStatusChoices} emptyText="All" alwaysOn />,
];

/**
 * Listings: the pending-review queue as cards when something waits, otherwise every listing (an empty queue
 * would look like an empty marketplace); any filter but "Pending review" shows a table.
 */
export const ListingList = () => {
  const queue = useGetList('parts', { filter: { status: 'pending' }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'ASC' } });
  if (queue.isPending) return <LinearProgress sx={{ m: 2 }} aria-label="Loading listings" />;
  return (
    <List
      title="Listings"
      filters={listingFilters}
      filterDefaultValues={queue.total ? { status: 'pending' } : {}}
      sort={{ field: 'createdAt', order: queue.total ? 'ASC' : 'DESC' }}
      perPage={10}
      exporter={false}
    >
      <ListingBody />
    </List>
  );
};

function ListingBody() {
  const { filterValues } = useListContext();
  return filterValues.status === 'pending' ? <PendingReview /> : <ListingTable />;
}

/** "Pending review": one card per listing, oldest first, with Approve and Reject. */
function PendingReview() {
  const { data, isPending, total } = useListContext<PartDto>();
  if (isPending) return <LinearProgress sx={{ m: 2 }} aria-label="Loading listings" />;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
        Pending review ({total ?? 0})
      </Typography>
      {!data?.length ? (
        <Typography color="text.secondary">No listings are waiting for review.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.map((record) => (
            <ListingReviewCard key={record.id} record={record} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ListingTable() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" />
      <FunctionField<PartDto> label="Category" render={(r) => r.categoryName ?? r.category} sortable={false} />
      <FunctionField<PartDto> label="Make" render={(r) => r.makeName ?? r.make} sortable={false} />
      <FunctionField<PartDto> label="Price" sortBy="price" render={(r) => priceText(r.price)} />
      <FunctionField<PartDto> label="Condition" render={(r) => conditionText(r.condition)} sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} emptyText="—" />
      <FunctionField<PartDto> label="Status" sortBy="isApproved" render={(r) => statusLabel(r)} />
      <DateField source="createdAt" label="Listed" />
      <FunctionField<PartDto> label="Review" render={(r) => <ReviewButtons record={r} />} />
    </Datagrid>
  );
}

function statusLabel(record: PartDto): string {
  const status = reviewStatusOf(record);
  return reviewStatusChoices.find((c) => c.id === status)?.name ?? 'Withdrawn';
}
