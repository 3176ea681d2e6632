import { Chip } from '@mui/material';
import { BooleanInput, Datagrid, DateField, FunctionField, List, NumberField, TextField } from 'react-admin';
import type { ReportedReviewDto } from '../../modules/sellers/reputation.dto';

const filters = [<BooleanInput key="isPublic" source="isPublic" label="Shown publicly" />];

export const VisibilityChip = ({ record }: { record: ReportedReviewDto }) => (
  <Chip size="small" label={record.isPublic ? 'Public' : 'Hidden'} color={record.isPublic ? 'warning' : 'default'} />
);

/** Reviews other users reported, most reported first. */
export const ReportedReviewList = () => (
  <List title="Reported reviews" filters={filters} sort={{ field: 'reportCount', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <NumberField source="reportCount" label="Reports" />
      <FunctionField<ReportedReviewDto> label="Visibility" sortable={false} render={(record) => <VisibilityChip record={record} />} />
      <NumberField source="rating" />
      <TextField source="title" sortable={false} emptyText="—" />
      <TextField source="reviewerName" label="Reviewer" sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} />
      <DateField source="createdAt" label="Posted" showTime />
    </Datagrid>
  </List>
);
