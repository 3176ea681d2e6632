import InsightsIcon from '@mui/icons-material/Insights';
import { lazyPage } from '../lazyPage';

/** The `seller-analytics` resource: read-only figures per approved seller, exportable as CSV. */
export default {
  list: lazyPage(() => import('./SellerAnalyticsList'), 'SellerAnalyticsList'),
  icon: InsightsIcon,
  recordRepresentation: 'businessName',
};
