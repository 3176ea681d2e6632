import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import { lazyPage } from '../lazyPage';

/** The `contact-requests` resource: Contact Us requests, listed and shown, marked handled from the show page. */
export default {
  list: lazyPage(() => import('./ContactRequestList'), 'ContactRequestList'),
  show: lazyPage(() => import('./ContactRequestShow'), 'ContactRequestShow'),
  icon: ContactSupportIcon,
  recordRepresentation: 'subject',
};
