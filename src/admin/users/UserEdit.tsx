import { Edit, EmailField, Labeled, ListButton, SaveButton, SelectInput, ShowButton, SimpleForm, TextField, Toolbar, TopToolbar, required } from 'react-admin';
import { roleChoices } from './roles';
import { UserTitle } from './UserShow';

const UserEditActions = () => (
  <TopToolbar>
    <ListButton />
    <ShowButton />
  </TopToolbar>
);

/** Only a save button: users are never deleted from the console. */
const UserEditToolbar = () => (
  <Toolbar>
    <SaveButton label="Save role" />
  </Toolbar>
);

/** The server accepts only the role in the body. */
const onlyRole = (data: { role?: unknown }) => ({ role: data.role });

/** Changing a user's role, confirmed by the server before the console shows it. */
export const UserEdit = () => (
  <Edit title={<UserTitle />} actions={<UserEditActions />} mutationMode="pessimistic" transform={onlyRole} redirect="show">
    <SimpleForm toolbar={<UserEditToolbar />}>
      <Labeled label="Username">
        <TextField source="username" />
      </Labeled>
      <Labeled label="Email">
        <EmailField source="email" />
      </Labeled>
      <SelectInput source="role" label="Role" choices={roleChoices} validate={required()} sx={{ maxWidth: 320 }} />
    </SimpleForm>
  </Edit>
);
