import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import type { ContactRequestDto } from '../../modules/support/contact-request.dto';
import { TOPIC_LABELS, statusChoices, topicChoices } from './contactRequests';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search name, email or subject" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />,
  <SelectInput key="topic" source="topic" label="Topic" choices={topicChoices} />,
];

/** A request's status as a chip: open ones stand out. */
export const StatusChip = ({ record }: { record: ContactRequestDto }) => (
  <Chip size="small" label={record.status === 'open' ? 'Open' : 'Handled'} color={record.status === 'open' ? 'warning' : 'default'} />
);

/** Contact Us requests, newest first; opens on the open ones. */
export const ContactRequestList = () => (
  <List
    title="Contact requests"
    filters={filters}
    filterDefaultValues={{ status: 'open' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Received" showTime />
      <FunctionField<ContactRequestDto> label="Status" sortBy="status" render={(record) => <StatusChip record={record} />} />
      <FunctionField<ContactRequestDto> label="Topic" sortBy="topic" render={(record) => TOPIC_LABELS[record.topic]} />
      <TextField source="subject" />
      <TextField source="name" />
      <TextField source="email" />
    </Datagrid>
  </List>
);
