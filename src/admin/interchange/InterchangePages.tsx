import { Chip, Stack } from '@mui/material';
import { Create, Datagrid, DateField, DeleteButton, Edit, EditButton, FunctionField, List, SearchInput, TextField } from 'react-admin';
import type { InterchangeGroupDto } from '../../modules/catalog/interchange.dto';
import { toInterchangePayload, type InterchangeFormValues } from './interchangeForm';
import { InterchangeForm } from './InterchangeForm';

/** Each number of a group with how many listed parts it finds. */
const NumberCounts = ({ group }: { group: InterchangeGroupDto }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
    {group.numberParts.map((n) => (
      <Chip key={n.number} size="small" variant={n.parts ? 'filled' : 'outlined'} label={`${n.number} · ${n.parts} ${n.parts === 1 ? 'part' : 'parts'}`} />
    ))}
  </Stack>
);

const filters = [<SearchInput key="q" source="q" placeholder="Name or part number" alwaysOn />];

/** The interchange groups, with the parts each number finds. */
export const InterchangeList = () => (
  <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" label="Name" />
      <FunctionField label="Numbers (parts found)" render={(g: InterchangeGroupDto) => <NumberCounts group={g} />} />
      <DateField source="updatedAt" label="Updated" />
      <EditButton />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);

const transform = (data: InterchangeFormValues) => toInterchangePayload(data);

/** A group's edit page, with the counts of its saved numbers above the form. */
export const InterchangeEdit = () => (
  <Edit mutationMode="pessimistic" transform={transform}>
    <FunctionField render={(g: InterchangeGroupDto) => <div style={{ padding: 16 }}><NumberCounts group={g} /></div>} />
    <InterchangeForm />
  </Edit>
);

export const InterchangeCreate = () => (
  <Create transform={transform} redirect="list">
    <InterchangeForm />
  </Create>
);
