import { Box, Button } from '@mui/material';
import MailIcon from '@mui/icons-material/Mail';
import DoneIcon from '@mui/icons-material/Done';
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
  useUpdate,
} from 'react-admin';
import type { ContactRequestDto } from '../../modules/support/contact-request.dto';
import { StatusChip } from './ContactRequestList';
import { TOPIC_LABELS, nextStatus, replyHref } from './contactRequests';
import { RecordTitle } from '../layout/RecordTitle';

const Title = () => <RecordTitle<ContactRequestDto> name="Contact request" of={(r) => `"${r.subject}"`} />;

/** Marks the request handled, or opens it again. */
const StatusButton = () => {
  const record = useRecordContext<ContactRequestDto>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<ContactRequestDto>();
  if (!record) return null;
  const next = nextStatus(record.status);
  return (
    <Button
      size="small"
      startIcon={<DoneIcon />}
      disabled={isPending}
      onClick={() =>
        update(
          'contact-requests',
          { id: record.id, data: { status: next.status }, previousData: record },
          {
            onSuccess: () => notify(next.done, { type: 'info' }),
            onError: (error) => notify(error instanceof Error ? error.message : 'Update failed', { type: 'error' }),
          },
        )
      }
    >
      {next.label}
    </Button>
  );
};

const ReplyButton = () => {
  const record = useRecordContext<ContactRequestDto>();
  if (!record) return null;
  return (
    <Button size="small" startIcon={<MailIcon />} href={replyHref(record)}>
      Reply by email
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ReplyButton />
    <StatusButton />
  </TopToolbar>
);

/** One request: who wrote, about what, the message as sent, and whether it was handled. */
export const ContactRequestShow = () => (
  <Show title={<Title />} actions={<Actions />}>
    <SimpleShowLayout>
      <FunctionField<ContactRequestDto> label="Status" render={(record) => <StatusChip record={record} />} />
      <DateField source="createdAt" label="Received" showTime />
      <TextField source="name" />
      <TextField source="email" />
      <FunctionField<ContactRequestDto> label="Topic" render={(record) => TOPIC_LABELS[record.topic]} />
      <TextField source="subject" />
      <Labeled label="Message">
        <FunctionField<ContactRequestDto>
          render={(record) => (
            <Box component="p" sx={{ whiteSpace: 'pre-wrap', m: 0, maxWidth: 900 }}>
              {record.message}
            </Box>
          )}
        />
      </Labeled>
      <TextField source="userId" label="Sender's user id" emptyText="Not signed in" />
      <DateField source="handledAt" label="Handled" showTime emptyText="—" />
      <TextField source="handledBy" label="Handled by (user id)" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);
