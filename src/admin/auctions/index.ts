import GavelIcon from '@mui/icons-material/Gavel';
import { AuctionList } from './AuctionList';
import { AuctionShow } from './AuctionShow';

/** The `auctions` resource: every auction with status filters, and one auction with its actions. */
export default {
  list: AuctionList,
  show: AuctionShow,
  icon: GavelIcon,
  recordRepresentation: 'title',
};
