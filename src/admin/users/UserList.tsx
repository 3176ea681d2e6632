import { BooleanField, Datagrid, DateField, EmailField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { displayName } from '../session';
import { RoleField } from './RoleField';
import { StandingField } from './StandingField';
import { roleChoices } from './roles';
import type { UserDto } from '../../modules/accounts/account.dto';

const userFilters = [
  <SearchInput key="q" source="q" placeholder="Search users" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={roleChoices} alwaysOn />,
  <SelectInput
    key="suspended"
    source="suspended"
    label="Status"
    choices={[
      { id: 'false', name: 'Active' },
      { id: 'true', name: 'Suspended' },
    ]}
    alwaysOn
  />,
];

/** Users: search, filter by role and status (active or suspended), newest first. */
export const UserList = () => (
  <List filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="username" />
      <FunctionField<UserDto> label="Full name" sortBy="lastName" render={(record) => displayName(record)} />
      <EmailField source="email" />
      <RoleField source="role" label="Role" />
      <BooleanField source="isVerified" label="Verified" sortable={false} />
      <StandingField label="Status" sortBy="suspendedAt" />
      <NumberField source="suspiciousActivityScore" label="Suspicious score" />
      <DateField source="createdAt" label="Joined" showTime />
    </Datagrid>
  </List>
);
