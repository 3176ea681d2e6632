import { useState } from 'react';
import { Button } from '@mui/material';
import {
  BooleanField,
  Confirm,
  DateField,
  EditButton,
  EmailField,
  FunctionField,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { displayName } from '../session';
import { ReasonDialog } from '../auctions/ReasonDialog';
import { RoleField } from './RoleField';
import { StandingField } from './StandingField';
import { useUserStanding } from './useUserActions';
import type { AdminUserDto, UserDto } from '../../modules/accounts/account.dto';
import { RecordTitle } from '../layout/RecordTitle';

/** The page title: the user's username. */
export const UserTitle = () => <RecordTitle<UserDto> name="User" of={(r) => `"${r.username}"`} />;

/** Suspend (asking for the reason) or Reinstate; an admin is never offered to suspend themselves. */
function StandingActions() {
  const record = useRecordContext<AdminUserDto>();
  const { identity } = useGetIdentity();
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | null>(null);
  const suspend = useUserStanding('suspend', () => setDialog(null));
  const reinstate = useUserStanding('reinstate', () => setDialog(null));
  if (!record) return null;
  if (record.suspendedAt) {
    return (
      <>
        <Button size="small" color="primary" onClick={() => setDialog('reinstate')}>
          Reinstate
        </Button>
        <Confirm
          isOpen={dialog === 'reinstate'}
          loading={reinstate.isPending}
          title="Reinstate user"
          content={`Reinstate ${record.username}? They can sign in again and their hidden listings go back on the market.`}
          confirm="Reinstate"
          onConfirm={() => reinstate.mutate({ id: record.id })}
          onClose={() => setDialog(null)}
        />
      </>
    );
  }
  if (identity?.id === record.id) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setDialog('suspend')}>
        Suspend
      </Button>
      <ReasonDialog
        open={dialog === 'suspend'}
        title="Suspend user"
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        text={`Suspend ${record.username}? They are signed out everywhere and cannot sign in, bid, list, quote or message; their live listings are hidden from buyers until you reinstate them.`}
        reasonLabel="Reason (kept in the audit log)"
        pending={suspend.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => suspend.mutate({ id: record.id, reason })}
      />
    </>
  );
}

const UserShowActions = () => (
  <TopToolbar>
    <ListButton />
    <EditButton label="Change role" />
    <StandingActions />
  </TopToolbar>
);

/** One user's details, with their standing (active or suspended, and why) and suspicious-activity score. */
export const UserShow = () => (
  <Show title={<UserTitle />} actions={<UserShowActions />}>
    <SimpleShowLayout>
      <TextField source="username" />
      <FunctionField<UserDto> label="Full name" render={(record) => displayName(record)} />
      <EmailField source="email" />
      <RoleField source="role" label="Role" />
      <StandingField label="Status" />
      <DateField source="suspendedAt" label="Suspended at" showTime emptyText="—" />
      <TextField source="suspensionReason" label="Suspension reason" emptyText="—" />
      <NumberField source="suspiciousActivityScore" label="Suspicious score" />
      <BooleanField source="isVerified" label="Email verified" />
      <TextField source="country" emptyText="—" />
      <TextField source="location" emptyText="—" />
      <DateField source="createdAt" label="Joined" showTime />
      <TextField source="id" label="User id" />
    </SimpleShowLayout>
  </Show>
);
