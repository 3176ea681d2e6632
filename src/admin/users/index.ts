import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../lazyPage';

/** The `users` resource: list, show, edit the role. No create, no delete. */
export default {
  list: lazyPage(() => import('./UserList'), 'UserList'),
  show: lazyPage(() => import('./UserShow'), 'UserShow'),
  edit: lazyPage(() => import('./UserEdit'), 'UserEdit'),
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
