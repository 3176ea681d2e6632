import { Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';

const mailFilters = [<SearchInput key="q" source="q" placeholder="Search to or subject" alwaysOn />];

/** The development outbox, newest mail first. */
export const MailList = () => (
  <List filters={mailFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} title="Mail outbox">
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Sent" showTime />
      <TextField source="to" label="To" />
      <TextField source="subject" />
    </Datagrid>
  </List>
);
