import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../lazyPage';

/** The `audit-log` resource: every admin action, read-only. */
export default {
  list: lazyPage(() => import('./AuditLogList'), 'AuditLogList'),
  show: lazyPage(() => import('./AuditLogShow'), 'AuditLogShow'),
  icon: HistoryIcon,
  recordRepresentation: 'action',
};
