import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { lazyPage } from '../lazyPage';

/** The `active-listings` resource: read-only figures per live listing, exportable as CSV. */
export default {
  list: lazyPage(() => import('./ActiveListingsList'), 'ActiveListingsList'),
  icon: QueryStatsIcon,
  recordRepresentation: 'title',
};
