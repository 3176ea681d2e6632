import { Box, Link, List, ListItem, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { DateField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { extractLinks } from './links';
import { RecordTitle } from '../layout/RecordTitle';

interface MailRecord {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string | null;
  html: string | null;
  createdAt: string;
}

const MailTitle = () => <RecordTitle<MailRecord> name="Mail" of={(r) => `"${r.subject}"`} />;

/** The plain-text body exactly as sent, in a monospace block. */
const MailText = () => {
  const record = useRecordContext<MailRecord>();
  if (!record) return null;
  return (
    <Box
      component="pre"
      data-testid="mail-text"
      sx={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        m: 0,
        maxWidth: 900,
      }}
    >
      {record.text || '(no plain-text body)'}
    </Box>
  );
};

/** Every http(s) link in the text, clickable, so an admin can follow a verification link. */
const MailLinks = () => {
  const record = useRecordContext<MailRecord>();
  const links = extractLinks(record?.text);
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No links in this mail.
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="mail-links">
      {links.map((href) => (
        <ListItem key={href} disableGutters>
          <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {href}
            <OpenInNewIcon fontSize="inherit" />
          </Link>
        </ListItem>
      ))}
    </List>
  );
};

/** One sent mail: headers, the text body and its links. */
export const MailShow = () => (
  <Show title={<MailTitle />}>
    <SimpleShowLayout>
      <TextField source="to" label="To" />
      <TextField source="from" label="From" />
      <TextField source="subject" />
      <DateField source="createdAt" label="Sent" showTime />
      <Labeled label="Text">
        <MailText />
      </Labeled>
      <Labeled label="Links">
        <MailLinks />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
