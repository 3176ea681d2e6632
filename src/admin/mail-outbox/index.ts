import MailIcon from '@mui/icons-material/Mail';
import { MailList } from './MailList';
import { MailShow } from './MailShow';

/** The `mail-outbox` resource: read-only list and show. */
export default {
  list: MailList,
  show: MailShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
