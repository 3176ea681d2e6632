import { BooleanField, DateField, EditButton, EmailField, FunctionField, ListButton, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { displayName } from '../session';
import { RoleField } from './RoleField';
import type { UserDto } from '../../modules/accounts/account.dto';

/** The page title: the user's username. */
export const UserTitle = () => {
  const record = useRecordContext<UserDto>();
  return <span>User {record ? `"${record.username}"` : ''}</span>;
};

const UserShowActions = () => (
  <TopToolbar>
    <ListButton />
    <EditButton label="Change role" />
  </TopToolbar>
);

/** One user's details. */
export const UserShow = () => (
  <Show title={<UserTitle />} actions={<UserShowActions />}>
    <SimpleShowLayout>
      <TextField source="username" />
      <FunctionField<UserDto> label="Full name" render={(record) => displayName(record)} />
      <EmailField source="email" />
      <RoleField source="role" label="Role" />
      <BooleanField source="isVerified" label="Email verified" />
      <TextField source="country" emptyText="—" />
      <TextField source="location" emptyText="—" />
      <DateField source="createdAt" label="Joined" showTime />
      <TextField source="id" label="User id" />
    </SimpleShowLayout>
  </Show>
);
