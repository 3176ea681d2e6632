import ForumIcon from '@mui/icons-material/Forum';
import { lazyPage } from '../lazyPage';

/** The `reported-conversations` resource: flagged and reported conversations, dismissed or a participant suspended. */
export default {
  list: lazyPage(() => import('./ReportedConversationList'), 'ReportedConversationList'),
  show: lazyPage(() => import('./ReportedConversationShow'), 'ReportedConversationShow'),
  icon: ForumIcon,
  recordRepresentation: 'subject',
};
