import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  DateField,
  FunctionField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import type { ReportedConversationDto, ReviewStatus } from '../../modules/messaging/messaging.dto';
import { ReasonDialog } from '../auctions/ReasonDialog';
import { ADMIN_API, httpClient } from '../dataProvider';
import { ReviewChip } from './ReportedConversationList';
import { itemHref, warningLabels } from './reportedConversations';
import { messageOf } from '../layout/text';
import { RecordTitle } from '../layout/RecordTitle';

const Title = () => <RecordTitle<ReportedConversationDto> name="Conversation" of={(r) => `"${r.subject}"`} />;

/** Dismiss (or open again) the review. */
const ReviewButton = ({ status, label }: { status: ReviewStatus; label: string }) => {
  const record = useRecordContext<ReportedConversationDto>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<ReportedConversationDto>();
  if (!record || record.reviewStatus === status) return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        update(
          'reported-conversations',
          { id: record.id, data: { reviewStatus: status }, previousData: record },
          {
            onSuccess: () => notify(status === 'dismissed' ? 'Dismissed' : 'Opened again', { type: 'info' }),
            onError: (error) => notify(messageOf(error), { type: 'error' }),
          },
        )
      }
    >
      {label}
    </Button>
  );
};

/** Suspends one participant through the users resource (with the reason), then records it on the review. */
const SuspendButton = ({ who }: { who: 'buyer' | 'seller' }) => {
  const record = useRecordContext<ReportedConversationDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const suspend = useMutation({
    mutationFn: async ({ userId, reason, id }: { userId: string; reason: string; id: string }) => {
      await httpClient(`${ADMIN_API}/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST', body: JSON.stringify({ reason }) });
      await httpClient(`${ADMIN_API}/reported-conversations/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify({ reviewStatus: 'suspended' }) });
    },
    onSuccess: () => {
      notify('User suspended', { type: 'success' });
      setOpen(false);
      refresh();
    },
    onError: (error) => notify(`Suspension Failed: ${messageOf(error)}`, { type: 'error' }),
  });
  if (!record) return null;
  const userId = who === 'buyer' ? record.buyerId : record.sellerId;
  const name = who === 'buyer' ? record.buyerName : record.sellerName;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Suspend {who} ({name})
      </Button>
      <ReasonDialog
        open={open}
        title={`Suspend ${name}`}
        confirmLabel={`Suspend ${who}`}
        pendingLabel="Suspending..."
        text={`Suspend ${name}? They are signed out everywhere and cannot sign in, bid, list, quote or message until reinstated.`}
        reasonLabel="Reason (kept in the audit log)"
        pending={suspend.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) => suspend.mutate({ userId, reason, id: record.id })}
      />
    </>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ReviewButton status="dismissed" label="Dismiss" />
    <ReviewButton status="open" label="Open again" />
    <SuspendButton who="buyer" />
    <SuspendButton who="seller" />
  </TopToolbar>
);

/** One conversation under review: who, about what, its reports and its messages with their warnings. */
export const ReportedConversationShow = () => (
  <Show title={<Title />} actions={<Actions />}>
    <SimpleShowLayout>
      <FunctionField<ReportedConversationDto> label="Review" render={(record) => <ReviewChip record={record} />} />
      <TextField source="subject" />
      <FunctionField<ReportedConversationDto>
        label="About"
        render={(record) => (
          <a href={itemHref(record)} target="_blank" rel="noopener noreferrer">
            {record.relatedItemType.replace('_', ' ')} {record.relatedItemId}
          </a>
        )}
      />
      <TextField source="buyerName" label="Buyer" />
      <TextField source="sellerName" label="Seller" />
      <DateField source="flaggedAt" label="Flagged" showTime emptyText="—" />
      <Labeled label="Reports">
        <FunctionField<ReportedConversationDto>
          render={(record) =>
            record.reportList?.length ? (
              <Stack spacing={1}>
                {record.reportList.map((r) => (
                  <Typography key={r.id} variant="body2">
                    <strong>{r.reporterName}</strong> ({new Date(r.createdAt).toLocaleString()}): {r.reason}
                  </Typography>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">No reports</Typography>
            )
          }
        />
      </Labeled>
      <Labeled label="Messages (latest 200)">
        <FunctionField<ReportedConversationDto>
          render={(record) => (
            <Stack spacing={1} sx={{ maxWidth: 900 }}>
              {(record.messages ?? []).map((m) => (
                <Box key={m.id} sx={{ p: 1, borderRadius: 1, bgcolor: m.warnings.length ? 'warning.light' : 'grey.100' }}>
                  <Typography variant="caption">
                    {m.senderName} · {new Date(m.createdAt).toLocaleString()}
                    {m.warnings.length ? ` · ${warningLabels(m.warnings)}` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {m.content}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
