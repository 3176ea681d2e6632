import StorefrontIcon from '@mui/icons-material/Storefront';
import { SellerList } from './SellerList';

/** The `sellers` resource: applications to review, approve, reject, and the listing-approval switch. */
export default {
  list: SellerList,
  icon: StorefrontIcon,
  recordRepresentation: 'businessName',
};
