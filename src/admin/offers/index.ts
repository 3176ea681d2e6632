import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyPage } from '../lazyPage';

/** The read-only `offers` resource: every negotiation with filters, and one offer with its rounds and history. */
export default {
  list: lazyPage(() => import('./OfferList'), 'OfferList'),
  show: lazyPage(() => import('./OfferShow'), 'OfferShow'),
  icon: LocalOfferIcon,
  recordRepresentation: 'partTitle',
};
