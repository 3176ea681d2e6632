import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

/** The `orders` resource: every order with filters, and one order with its history, payments, ledger and Refund. */
export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: 'partTitle',
};
