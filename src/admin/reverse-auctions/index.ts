import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { ReverseAuctionList } from './ReverseAuctionList';
import { ReverseAuctionShow } from './ReverseAuctionShow';

/** The `reverse-auctions` resource: wanted-part requests with filters, and one request with its quotes and Cancel. */
export default {
  list: ReverseAuctionList,
  show: ReverseAuctionShow,
  icon: ManageSearchIcon,
  recordRepresentation: 'title',
};
