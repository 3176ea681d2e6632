import PeopleIcon from '@mui/icons-material/People';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** The `users` resource: list, show, edit the role. No create, no delete. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
