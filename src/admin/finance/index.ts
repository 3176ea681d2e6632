import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { FinancePage } from './FinancePage';

/** The `finance` resource: the marketplace's money by month (read-only), as chart, table and CSV. */
export default {
  list: FinancePage,
  icon: QueryStatsIcon,
};
