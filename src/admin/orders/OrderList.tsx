import {
  AutocompleteInput,
  BooleanInput,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import type { OrderDto } from '../../modules/payments/order.dto';
import { moneyText, orderStateChoices, orderStateText } from './orderAdmin';

const userName = (u: { username?: string; firstName?: string; lastName?: string } | undefined) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || '' : '';

/** Filters: state, seller, buyer, total between two amounts (USD), created between two dates, an escrow transfer reversal owed by the seller. */
const orderFilters = [
  <SearchInput key="q" source="q" placeholder="Search part or order id" alwaysOn />,
  <SelectInput key="state" source="state" label="State" choices={orderStateChoices} emptyText="All" alwaysOn />,
  <ReferenceInput key="sellerId" source="sellerId" reference="users" label="Seller">
    <AutocompleteInput label="Seller" optionText={userName} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="buyerId" source="buyerId" reference="users" label="Buyer">
    <AutocompleteInput label="Buyer" optionText={userName} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <NumberInput key="total_gte" source="total_gte" label="Total from (USD)" min={0} />,
  <NumberInput key="total_lte" source="total_lte" label="Total up to (USD)" min={0} />,
  <DateInput key="createdAt_gte" source="createdAt_gte" label="Created from" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" label="Created up to" />,
  <BooleanInput key="reversalOwed" source="reversalOwed" label="Reversal owed" />,
];

/** Every order, newest first; a row opens the order with its history, payments and ledger. */
export const OrderList = () => (
  <List title="Orders" filters={orderFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Created" showTime />
      <TextField source="partTitle" label="Part" sortable={false} />
      <FunctionField<OrderDto> label="State" sortBy="state" render={(r) => orderStateText(r.state)} />
      <TextField source="buyerName" label="Buyer" sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} />
      <FunctionField<OrderDto> label="Total" sortBy="total" render={(r) => moneyText(r.total)} />
      <FunctionField<OrderDto> label="Commission" sortable={false} render={(r) => moneyText(r.commission)} />
      <FunctionField<OrderDto> label="Refunded" sortable={false} render={(r) => moneyText(r.refunded)} />
    </Datagrid>
  </List>
);
