import { BooleanField, Datagrid, DateField, EmailField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { displayName } from '../session';
import { RoleField } from './RoleField';
import { roleChoices } from './roles';
import type { UserDto } from '../../modules/accounts/account.dto';

const userFilters = [
  <SearchInput key="q" source="q" placeholder="Search users" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={roleChoices} alwaysOn />,
];

/** Users: search, filter by role, newest first. */
export const UserList = () => (
  <List filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="username" />
      <FunctionField<UserDto> label="Full name" sortBy="lastName" render={(record) => displayName(record)} />
      <EmailField source="email" />
      <RoleField source="role" label="Role" />
      <BooleanField source="isVerified" label="Verified" sortable={false} />
      <DateField source="createdAt" label="Joined" showTime />
    </Datagrid>
  </List>
);
