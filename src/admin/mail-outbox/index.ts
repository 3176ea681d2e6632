import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../lazyPage';

/** The `mail-outbox` resource: read-only list and show. */
export default {
  list: lazyPage(() => import('./MailList'), 'MailList'),
  show: lazyPage(() => import('./MailShow'), 'MailShow'),
  icon: MailIcon,
  recordRepresentation: 'subject',
};
