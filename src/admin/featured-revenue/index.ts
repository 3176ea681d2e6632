import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { FeaturedRevenuePage } from './FeaturedRevenuePage';

/** The `featured-revenue` page: revenue, occupancy and performance of featured placements (a report, not records). */
export default { list: FeaturedRevenuePage, icon: QueryStatsIcon };
