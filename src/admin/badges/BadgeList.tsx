import { useQuery } from '@tanstack/react-query';
import { Chip } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { httpClient } from '../dataProvider';
import { categoryChoices, rarityChoices, typeChoices } from './badgeForm';
import { DeleteBadgeButton } from './BadgeEdit';
import type { BadgeDto } from '../../modules/sellers/reputation.dto';
import type { BadgeRarity } from '../../modules/sellers/reputation.rules';

const badgeFilters = [
  <SearchInput key="q" source="q" placeholder="Search badges" alwaysOn />,
  <SelectInput key="category" source="category" label="Category" choices={categoryChoices} />,
  <SelectInput key="type" source="type" label="Type" choices={typeChoices} />,
  <SelectInput key="rarity" source="rarity" label="Rarity" choices={rarityChoices} />,
  <SelectInput
    key="isActive"
    source="isActive"
    label="Status"
    choices={[
      { id: 'true', name: 'Active' },
      { id: 'false', name: 'Inactive' },
    ]}
  />,
];

const RARITY_COLOR: Record<BadgeRarity, 'default' | 'info' | 'secondary' | 'warning'> = {
  common: 'default',
  rare: 'info',
  epic: 'secondary',
  legendary: 'warning',
};

/** GET /api/admin/badge-stats: badge id -> how many users earned it. */
function useBadgeStats() {
  return useQuery({
    queryKey: ['admin', 'badge-stats'],
    queryFn: async () => (await httpClient('/api/admin/badge-stats')).json as Record<string, number>,
  });
}

const BadgeListActions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** Badges in display order with how many users hold each. */
export const BadgeList = () => {
  const stats = useBadgeStats();
  return (
    <List
      title="Badge Management"
      filters={badgeFilters}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<BadgeListActions />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="icon" label="" sortable={false} sx={{ fontSize: 24 }} />
        <TextField source="name" />
        <TextField source="description" sortable={false} />
        <TextField source="category" sx={{ textTransform: 'capitalize' }} />
        <TextField source="type" sortable={false} sx={{ textTransform: 'capitalize' }} />
        <FunctionField<BadgeDto>
          label="Rarity"
          sortBy="rarity"
          render={(record) => (
            <Chip size="small" label={record.rarity} color={RARITY_COLOR[record.rarity] ?? 'default'} sx={{ textTransform: 'capitalize' }} />
          )}
        />
        <NumberField source="pointsAwarded" label="Points" />
        <FunctionField<BadgeDto>
          label="Holders"
          render={(record) => (stats.isLoading ? '…' : String(stats.data?.[record.id] ?? 0))}
        />
        <BooleanField source="isActive" label="Active" />
        <NumberField source="sortOrder" label="Order" />
        <EditButton />
        <DeleteBadgeButton />
      </Datagrid>
    </List>
  );
};
