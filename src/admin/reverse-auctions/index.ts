import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazyPage } from '../lazyPage';

/** The `reverse-auctions` resource: wanted-part requests with filters, and one request with its quotes and Cancel. */
export default {
  list: lazyPage(() => import('./ReverseAuctionList'), 'ReverseAuctionList'),
  show: lazyPage(() => import('./ReverseAuctionShow'), 'ReverseAuctionShow'),
  icon: ManageSearchIcon,
  recordRepresentation: 'title',
};
