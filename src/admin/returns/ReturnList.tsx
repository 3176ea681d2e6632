import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SelectInput, TextField } from 'react-admin';
import type { ReturnDto } from '../../modules/returns/return.dto';
import { RETURN_STATE_CHOICES, stateName } from './returnAdmin';

const filters = [<SelectInput key="state" source="state" label="State" choices={RETURN_STATE_CHOICES} alwaysOn />];

export const ReturnStateChip = ({ record }: { record: ReturnDto }) => (
  <Chip size="small" label={stateName(record.state)} color={record.state === 'escalated' ? 'warning' : 'default'} />
);

/** Returns, opening on the escalated ones the admins decide. */
export const ReturnList = () => (
  <List title="Returns" filters={filters} filterDefaultValues={{ state: 'escalated' }} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Requested" showTime />
      <FunctionField<ReturnDto> label="State" sortBy="state" render={(record) => <ReturnStateChip record={record} />} />
      <TextField source="partTitle" label="Part" sortable={false} />
      <TextField source="reason" />
      <TextField source="buyerName" label="Buyer" sortable={false} />
      <TextField source="sellerName" label="Seller" sortable={false} />
      <TextField source="orderTotal" label="Order total" sortable={false} />
      <DateField source="respondBy" label="Seller answers by" showTime />
    </Datagrid>
  </List>
);
