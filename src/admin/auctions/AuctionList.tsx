import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import type { AdminAuctionDto } from '../../modules/auctions/auction-admin.dto';
import { auctionStatusChoices, moneyText, resultText, statusText } from './auctionFormat';

const auctionFilters = [
  <SearchInput key="q" source="q" placeholder="Search title" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={auctionStatusChoices} emptyText="All" alwaysOn />,
  <SelectInput
    key="flagged"
    source="flagged"
    label="Bidding flags"
    choices={[
      { id: 'true', name: 'Flagged' },
      { id: 'false', name: 'Not flagged' },
    ]}
    emptyText="Any"
  />,
];

/** Auctions in every state, ending soonest last by default; a row opens the auction's page. */
export const AuctionList = () => (
  <List title="Auctions" filters={auctionFilters} sort={{ field: 'endTime', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" />
      <FunctionField<AdminAuctionDto> label="Status" sortBy="status" render={(r) => statusText(r.status)} />
      <TextField source="sellerName" label="Seller" sortable={false} />
      <FunctionField<AdminAuctionDto> label="Current bid" sortBy="currentBid" render={(r) => moneyText(r.currentBid)} />
      <NumberField source="totalBids" label="Bids" />
      <FunctionField<AdminAuctionDto> label="Flags" render={(r) => (r.flagCount ? `⚑ ${r.flagCount}` : '')} sortable={false} />
      <DateField source="startTime" label="Starts" showTime />
      <DateField source="endTime" label="Ends" showTime />
      <FunctionField<AdminAuctionDto> label="Result" render={(r) => resultText(r)} sortable={false} />
    </Datagrid>
  </List>
);
