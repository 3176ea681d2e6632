import SellIcon from '@mui/icons-material/Sell';
import { lazyPage } from '../lazyPage';

/** The `parts` resource, labelled "Listings": the review queue, every listing, and one listing. */
export default {
  list: lazyPage(() => import('./ListingList'), 'ListingList'),
  show: lazyPage(() => import('./ListingShow'), 'ListingShow'),
  icon: SellIcon,
  recordRepresentation: 'title',
};
