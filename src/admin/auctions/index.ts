import GavelIcon from '@mui/icons-material/Gavel';
import { lazyPage } from '../lazyPage';

/** The `auctions` resource: every auction with status filters, and one auction with its actions. */
export default {
  list: lazyPage(() => import('./AuctionList'), 'AuctionList'),
  show: lazyPage(() => import('./AuctionShow'), 'AuctionShow'),
  icon: GavelIcon,
  recordRepresentation: 'title',
};
