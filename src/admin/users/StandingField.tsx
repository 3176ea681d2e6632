import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminUserDto } from '../../modules/accounts/account.dto';

/** "Suspended" in red while an admin has suspended the user, else "Active". */
export const StandingField = (_props: { label?: string; sortable?: boolean; sortBy?: string }) => {
  const record = useRecordContext<AdminUserDto>();
  if (!record) return null;
  return record.suspendedAt ? <Chip size="small" color="error" label="Suspended" /> : <Chip size="small" variant="outlined" label="Active" />;
};
