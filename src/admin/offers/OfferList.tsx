import { Chip } from '@mui/material';
import { AutocompleteInput, Datagrid, DateField, DateInput, FunctionField, List, ReferenceInput, SelectInput, TextField } from 'react-admin';
import type { OfferDto } from '../../modules/offers/offer.dto';
import { offerKindChoices, offerKindText, offerMoney, offerStatusChoices, offerStatusLine } from './offerAdmin';

const userName = (u: { username?: string; firstName?: string; lastName?: string } | undefined) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || '' : '';

/** Filters: status, kind, buyer, seller, part, created between two dates. */
const offerFilters = [
  <SelectInput key="status" source="status" label="Status" choices={offerStatusChoices} emptyText="All" alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={offerKindChoices} emptyText="All" />,
  <ReferenceInput key="buyerId" source="buyerId" reference="users" label="Buyer">
    <AutocompleteInput label="Buyer" optionText={userName} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="sellerId" source="sellerId" reference="users" label="Seller">
    <AutocompleteInput label="Seller" optionText={userName} filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <ReferenceInput key="partId" source="partId" reference="parts" label="Part">
    <AutocompleteInput label="Part" optionText="title" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <DateInput key="createdAt_gte" source="createdAt_gte" label="Created from" />,
  <DateInput key="createdAt_lte" source="createdAt_lte" label="Created up to" />,
];

const STATUS_COLOR: Record<OfferDto['status'], 'default' | 'warning' | 'success' | 'error'> = {
  open: 'warning',
  accepted: 'success',
  declined: 'default',
  expired: 'default',
  cancelled: 'error',
};

export const OfferStatusChip = ({ record }: { record: OfferDto }) => <Chip size="small" label={offerStatusLine(record)} color={STATUS_COLOR[record.status]} />;

/** Every offer, newest first (read-only); a row opens the offer with its rounds and history. */
export const OfferList = () => (
  <List title="Offers" filters={offerFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Created" showTime />
      <TextField source="partTitle" label="Part" sortable={false} />
      <FunctionField<OfferDto> label="Kind" sortable={false} render={(r) => offerKindText(r.kind)} />
      <FunctionField<OfferDto> label="Status" sortable={false} render={(r) => <OfferStatusChip record={r} />} />
      <FunctionField<OfferDto> label="Amount" sortBy="amount" render={(r) => offerMoney(r.amount)} />
      <FunctionField<OfferDto> label="Rounds" sortable={false} render={(r) => `${r.rounds} of ${r.maxRounds}`} />
      <TextField source="buyerName" label="Buyer" sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} />
    </Datagrid>
  </List>
);
