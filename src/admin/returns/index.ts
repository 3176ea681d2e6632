import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { ReturnList } from './ReturnList';
import { ReturnShow } from './ReturnShow';

/** The `returns` resource: every return with its photos and messages; admins decide the escalated ones. */
export default {
  list: ReturnList,
  show: ReturnShow,
  icon: AssignmentReturnIcon,
  recordRepresentation: 'partTitle',
};
