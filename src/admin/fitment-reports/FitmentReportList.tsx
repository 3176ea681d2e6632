import { BooleanField, Datagrid, DateField, List, NullableBooleanInput, NumberField, SelectInput, TextField } from 'react-admin';

const fitFilters = [
  <SelectInput
    key="fits"
    source="fits"
    label="Fitted"
    choices={[
      { id: 'yes', name: 'Yes' },
      { id: 'with_modification', name: 'With modification' },
      { id: 'no', name: 'No' },
    ]}
    alwaysOn
  />,
  <NullableBooleanInput key="declared" source="declared" label="On a declared vehicle" alwaysOn />,
];

/** Buyers' fitment reports, newest first: a "no" on a declared vehicle is the one the seller was told about. */
export const FitmentReportList = () => (
  <List filters={fitFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} title="Fitment reports">
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateField source="createdAt" label="Reported" showTime />
      <TextField source="fits" label="Fitted" />
      <BooleanField source="declared" label="Declared vehicle" />
      <TextField source="make" />
      <TextField source="model" />
      <NumberField source="yearStart" label="From" options={{ useGrouping: false }} />
      <NumberField source="yearEnd" label="To" options={{ useGrouping: false }} />
      <TextField source="engine" emptyText="—" />
      <TextField source="partNumberNorm" label="Part number" emptyText="—" />
      <TextField source="note" emptyText="—" />
      <TextField source="orderId" label="Order" />
    </Datagrid>
  </List>
);
