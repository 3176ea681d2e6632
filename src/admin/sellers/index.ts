import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyPage } from '../lazyPage';

/** The `sellers` resource: applications to review, approve, reject, and the listing-approval switch. */
export default {
  list: lazyPage(() => import('./SellerList'), 'SellerList'),
  icon: StorefrontIcon,
  recordRepresentation: 'businessName',
};
