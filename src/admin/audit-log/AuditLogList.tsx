import { Datagrid, DateField, List, ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';

export const ENTITY_CHOICES = [
  { id: 'user', name: 'Users' },
  { id: 'seller', name: 'Sellers' },
  { id: 'listing', name: 'Listings' },
  { id: 'settings', name: 'Settings' },
  { id: 'bidding_pattern', name: 'Bidding patterns' },
  { id: 'order', name: 'Orders' },
];

const auditFilters = [
  <SelectInput key="entityType" source="entityType" label="Record" choices={ENTITY_CHOICES} alwaysOn />,
  <TextInput key="action" source="action" label="Action (e.g. user.suspended)" />,
  <TextInput key="entityId" source="entityId" label="Record id" />,
];

/** The audit log: who did what to which record, newest first. */
export const AuditLogList = () => (
  <List filters={auditFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="When" showTime />
      <ReferenceField source="actorId" reference="users" label="Admin" link="show" emptyText="System" sortable={false} />
      <TextField source="action" />
      <TextField source="entityType" label="Record" />
      <TextField source="entityId" label="Record id" sortable={false} />
      <TextField source="reason" emptyText="—" sortable={false} />
    </Datagrid>
  </List>
);
