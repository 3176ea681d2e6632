import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { lazyPage } from '../lazyPage';

/** The `finance` resource: the marketplace's money by month (read-only), as chart, table and CSV. */
export default {
  list: lazyPage(() => import('./FinancePage'), 'FinancePage'),
  icon: QueryStatsIcon,
};
