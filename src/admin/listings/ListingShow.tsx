import { Box } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { ListingModeration } from './ListingModeration';
import { ListingReviewCard } from './ListingReviewCard';
import type { ListingRecord } from './listingFormat';

const ListingTitle = () => {
  const record = useRecordContext<ListingRecord>();
  return <span>Listing {record ? `"${record.title}"` : ''}</span>;
};

const ListingCard = () => {
  const record = useRecordContext<ListingRecord>();
  return record ? (
    <Box sx={{ p: 2 }}>
      <ListingReviewCard record={record} />
    </Box>
  ) : null;
};

/** One listing in any state, with the review decisions, Unpublish and Delete as spam. */
export const ListingShow = () => (
  <Show
    title={<ListingTitle />}
    actions={
      <TopToolbar>
        <ListButton />
        <ListingModeration />
      </TopToolbar>
    }
  >
    <ListingCard />
  </Show>
);
