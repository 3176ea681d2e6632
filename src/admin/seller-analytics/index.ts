import InsightsIcon from '@mui/icons-material/Insights';
import { SellerAnalyticsList } from './SellerAnalyticsList';

/** The `seller-analytics` resource: read-only figures per approved seller, exportable as CSV. */
export default {
  list: SellerAnalyticsList,
  icon: InsightsIcon,
  recordRepresentation: 'businessName',
};
