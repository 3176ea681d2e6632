import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import type { AdminReverseAuctionDto } from '../../modules/reverse/reverse.dto';
import { moneyText } from '../auctions/auctionFormat';
import { reverseCategoryChoices, reverseResultText, reverseStatusChoices, reverseStatusText, URGENCY_TEXT } from './reverseFormat';

const reverseFilters = [
  <SearchInput key="q" source="q" placeholder="Search title or description" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={reverseStatusChoices} emptyText="All" alwaysOn />,
  <SelectInput key="partCategory" source="partCategory" label="Category" choices={reverseCategoryChoices} emptyText="All" alwaysOn />,
];

/** Wanted-part requests in every state, latest end first; a row opens the request with its quotes. */
export const ReverseAuctionList = () => (
  <List title="Reverse auctions" filters={reverseFilters} sort={{ field: 'endTime', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" />
      <FunctionField<AdminReverseAuctionDto> label="Status" sortBy="status" render={(r) => reverseStatusText(r.status)} />
      <TextField source="partCategory" label="Category" sortable={false} />
      <TextField source="buyerUsername" label="Buyer" sortable={false} />
      <FunctionField<AdminReverseAuctionDto> label="Max budget" sortBy="maxBudget" render={(r) => moneyText(r.maxBudget)} />
      <FunctionField<AdminReverseAuctionDto> label="Best quote" sortable={false} render={(r) => moneyText(r.currentLowestBid)} />
      <NumberField source="totalBids" label="Quotes" />
      <FunctionField<AdminReverseAuctionDto> label="Urgency" sortable={false} render={(r) => URGENCY_TEXT[r.urgency] ?? r.urgency} />
      <DateField source="endTime" label="Ends" showTime />
      <FunctionField<AdminReverseAuctionDto> label="Result" sortable={false} render={(r) => reverseResultText(r)} />
    </Datagrid>
  </List>
);
