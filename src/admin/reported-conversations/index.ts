import ForumIcon from '@mui/icons-material/Forum';
import { ReportedConversationList } from './ReportedConversationList';
import { ReportedConversationShow } from './ReportedConversationShow';

/** The `reported-conversations` resource: flagged and reported conversations, dismissed or a participant suspended. */
export default {
  list: ReportedConversationList,
  show: ReportedConversationShow,
  icon: ForumIcon,
  recordRepresentation: 'subject',
};
