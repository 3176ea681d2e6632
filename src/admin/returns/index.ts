import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { lazyPage } from '../lazyPage';

/** The `returns` resource: every return with its photos and messages; admins decide the escalated ones. */
export default {
  list: lazyPage(() => import('./ReturnList'), 'ReturnList'),
  show: lazyPage(() => import('./ReturnShow'), 'ReturnShow'),
  icon: AssignmentReturnIcon,
  recordRepresentation: 'partTitle',
};
