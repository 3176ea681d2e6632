import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { OfferList } from './OfferList';
import { OfferShow } from './OfferShow';

/** The read-only `offers` resource: every negotiation with filters, and one offer with its rounds and history. */
export default {
  list: OfferList,
  show: OfferShow,
  icon: LocalOfferIcon,
  recordRepresentation: 'partTitle',
};
