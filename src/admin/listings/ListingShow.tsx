import { Box } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { ListingModeration } from './ListingModeration';
import { ListingReviewCard } from './ListingReviewCard';
import type { PartDto } from '../../modules/catalog/part.dto';
import { RecordTitle } from '../layout/RecordTitle';

const ListingTitle = () => <RecordTitle<PartDto> name="Listing" of={(r) => `"${r.title}"`} />;

const ListingCard = () => {
  const record = useRecordContext<PartDto>();
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
