import { Box, Typography } from '@mui/material';
import { DateField, Labeled, ReferenceField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { AuditLogDto } from '../../platform/audit-log/audit-log.dto';

/** A JSON snapshot, pretty-printed ("—" when there is none). */
function Snapshot({ which }: { which: 'before' | 'after' }) {
  const record = useRecordContext<AuditLogDto>();
  if (!record) return null;
  const value = record[which];
  return (
    <Labeled label={which === 'before' ? 'Before' : 'After'}>
      {value === null || value === undefined ? (
        <Typography variant="body2">—</Typography>
      ) : (
        <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}>
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Labeled>
  );
}

/** One admin action with the record before and after it. */
export const AuditLogShow = () => (
  <Show title="Audit entry">
    <SimpleShowLayout>
      <DateField source="createdAt" label="When" showTime />
      <ReferenceField source="actorId" reference="users" label="Admin" link="show" emptyText="System" />
      <TextField source="action" />
      <TextField source="entityType" label="Record" />
      <TextField source="entityId" label="Record id" />
      <TextField source="reason" emptyText="—" />
      <Snapshot which="before" />
      <Snapshot which="after" />
    </SimpleShowLayout>
  </Show>
);
