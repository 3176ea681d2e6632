import { Button, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  DateField,
  FunctionField,
  Labeled,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import type { ReportedReviewDto } from '../../modules/sellers/reputation.dto';
import { messageOf } from '../layout/text';

/** Hide, show again, or dismiss the reports (PUT /api/admin/reported-reviews/{id}). */
const ModerateButton = ({ label, data, when }: { label: string; data: { isPublic?: boolean; dismissReports?: boolean }; when: (r: ReportedReviewDto) => boolean }) => {
  const record = useRecordContext<ReportedReviewDto>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<ReportedReviewDto>();
  if (!record || !when(record)) return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        update(
          'reported-reviews',
          { id: record.id, data, previousData: record },
          { onSuccess: () => notify('Review updated', { type: 'info' }), onError: (e) => notify(messageOf(e), { type: 'error' }) },
        )
      }
    >
      {label}
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ModerateButton label="Hide review" data={{ isPublic: false }} when={(r) => r.isPublic} />
    <ModerateButton label="Show again" data={{ isPublic: true }} when={(r) => !r.isPublic} />
    <ModerateButton label="Dismiss reports" data={{ dismissReports: true }} when={(r) => r.reportCount > 0} />
  </TopToolbar>
);

/** One reported review with its reports. */
export const ReportedReviewShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <BooleanField source="isPublic" label="Shown publicly" />
      <NumberField source="reportCount" label="Reports" />
      <TextField source="sellerName" label="Seller" />
      <TextField source="reviewerName" label="Reviewer" />
      <BooleanField source="isVerifiedPurchase" label="Verified purchase" />
      <NumberField source="rating" />
      <TextField source="title" emptyText="—" />
      <TextField source="reviewText" label="Review" emptyText="—" />
      <TextField source="sellerResponse" label="Seller's response" emptyText="—" />
      <DateField source="createdAt" label="Posted" showTime />
      <Labeled label="Reports">
        <FunctionField<ReportedReviewDto>
          render={(record) =>
            record.reports.length ? (
              <Stack spacing={1}>
                {record.reports.map((r) => (
                  <Typography key={r.userId} variant="body2">
                    <strong>{r.username ?? r.userId}</strong> ({new Date(r.createdAt).toLocaleString()}): {r.reason}
                  </Typography>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">No open reports</Typography>
            )
          }
        />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
