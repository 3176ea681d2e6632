import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyPage } from '../lazyPage';

/** The `orders` resource: every order with filters, and one order with its history, payments, ledger and Refund. */
export default {
  list: lazyPage(() => import('./OrderList'), 'OrderList'),
  show: lazyPage(() => import('./OrderShow'), 'OrderShow'),
  icon: ReceiptLongIcon,
  recordRepresentation: 'partTitle',
};
