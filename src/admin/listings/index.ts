import SellIcon from '@mui/icons-material/Sell';
import { ListingList } from './ListingList';
import { ListingShow } from './ListingShow';

/** The `parts` resource, labelled "Listings": the review queue, every listing, and one listing. */
export default {
  list: ListingList,
  show: ListingShow,
  icon: SellIcon,
  recordRepresentation: 'title',
};
