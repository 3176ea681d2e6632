import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import type { ReportedConversationDto } from '../../modules/messaging/messaging.dto';
import { REVIEW_LABELS, reviewChoices, reviewReason } from './reportedConversations';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search subject" alwaysOn />,
  <SelectInput key="reviewStatus" source="reviewStatus" label="Review" choices={reviewChoices} alwaysOn />,
];

/** The review's state as a chip: those waiting stand out. */
export const ReviewChip = ({ record }: { record: ReportedConversationDto }) => (
  <Chip size="small" label={REVIEW_LABELS[record.reviewStatus]} color={record.reviewStatus === 'open' ? 'warning' : 'default'} />
);

/** Flagged and reported conversations, latest flagged first; opens on those waiting for review. */
export const ReportedConversationList = () => (
  <List
    title="Reported conversations"
    filters={filters}
    filterDefaultValues={{ reviewStatus: 'open' }}
    sort={{ field: 'flaggedAt', order: 'DESC' }}
    perPage={25}
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="flaggedAt" label="Flagged" showTime />
      <FunctionField<ReportedConversationDto> label="Review" sortBy="reviewStatus" render={(record) => <ReviewChip record={record} />} />
      <TextField source="subject" />
      <FunctionField<ReportedConversationDto> label="Why" sortable={false} render={(record) => reviewReason(record)} />
      <TextField source="buyerName" label="Buyer" sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} />
      <DateField source="lastMessageAt" label="Last message" showTime />
    </Datagrid>
  </List>
);
