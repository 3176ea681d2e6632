import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { roleLabel } from './roles';

const COLORS = { admin: 'primary', seller: 'secondary', buyer: 'default' } as const;

/** The user's role as a chip: admins in racing red, sellers in charcoal, buyers plain. */
export const RoleField = (_props: { label?: string; source?: string; sortable?: boolean; sortBy?: string }) => {
  const record = useRecordContext<{ role?: string }>();
  if (!record?.role) return null;
  const color = COLORS[record.role as keyof typeof COLORS] ?? 'default';
  return <Chip size="small" label={roleLabel(record.role)} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
};
