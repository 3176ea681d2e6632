import ContactSupportIcon from '@mui/icons-material/ContactSupport';
import { ContactRequestList } from './ContactRequestList';
import { ContactRequestShow } from './ContactRequestShow';

/** The `contact-requests` resource: Contact Us requests, listed and shown, marked handled from the show page. */
export default {
  list: ContactRequestList,
  show: ContactRequestShow,
  icon: ContactSupportIcon,
  recordRepresentation: 'subject',
};
