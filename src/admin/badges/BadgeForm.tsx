import type { ReactElement } from 'react';
import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import {
  REQUIREMENT_KEYS,
  categoryChoices,
  rarityChoices,
  requirementText,
  typeChoices,
  validateBadge,
  type BadgeFormValues,
} from './badgeForm';

/** The badge fields, checked with the spec's messages before the server sees them. */
export const BadgeForm = ({ toolbar }: { toolbar?: ReactElement | false }) => (
  <SimpleForm validate={(values) => validateBadge(values as BadgeFormValues)} toolbar={toolbar}>
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, width: '100%', maxWidth: 760 }}>
      <TextInput source="name" label="Name" />
      <TextInput source="icon" label="Icon (emoji)" />
    </Box>
    <TextInput source="description" label="Description" multiline minRows={2} sx={{ maxWidth: 760 }} />
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, width: '100%', maxWidth: 760 }}>
      <SelectInput source="category" label="Category" choices={categoryChoices} defaultValue="sales" />
      <SelectInput source="type" label="Type" choices={typeChoices} defaultValue="seller" />
      <SelectInput source="rarity" label="Rarity" choices={rarityChoices} defaultValue="common" />
    </Box>
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%', maxWidth: 760 }}>
      <NumberInput source="pointsAwarded" label="Points awarded" step={1} defaultValue={0} />
      <NumberInput source="sortOrder" label="Sort order" step={1} defaultValue={0} />
    </Box>
    <TextInput
      source="requirement"
      label="Requirements (JSON)"
      multiline
      minRows={4}
      format={requirementText}
      parse={(v: string) => v}
      helperText={`A JSON object, e.g. {"minSales": 10, "minRating": 4.5}. Keys: ${REQUIREMENT_KEYS.join(', ')}`}
      sx={{ maxWidth: 760, '& textarea': { fontFamily: 'monospace' } }}
    />
    <BooleanInput source="isActive" label="Active" defaultValue={true} />
  </SimpleForm>
);
