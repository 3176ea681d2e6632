import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { ActiveListingsList } from './ActiveListingsList';

/** The `active-listings` resource: read-only figures per live listing, exportable as CSV. */
export default {
  list: ActiveListingsList,
  icon: QueryStatsIcon,
  recordRepresentation: 'title',
};
