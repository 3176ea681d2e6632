import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { lazyPage } from '../lazyPage';

/** The `featured-revenue` page: revenue, occupancy and performance of featured placements (a report, not records). */
export default { list: lazyPage(() => import('./FeaturedRevenuePage'), 'FeaturedRevenuePage'), icon: QueryStatsIcon };
