import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { BADGE_MESSAGES, toBadgePayload, type BadgeFormValues } from './badgeForm';
import { BadgeForm } from './BadgeForm';

const BadgeTitle = () => {
  const record = useRecordContext<{ name?: string; icon?: string }>();
  return <span>{record ? `Badge: ${record.icon ?? ''} ${record.name ?? ''}` : 'Badge'}</span>;
};

/** Delete with the spec's confirmation and messages (from the list or the edit page). */
export const DeleteBadgeButton = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="Delete badge"
      confirmContent={BADGE_MESSAGES.deleteConfirm}
      mutationOptions={{
        // Replaces react-admin's "Element deleted" notification, which would hide the spec's text.
        onSuccess: () => {
          notify(BADGE_MESSAGES.deleted, { type: 'success', messageArgs: { _: BADGE_MESSAGES.deleted } });
          redirect('list', 'badges');
        },
        onError: () => notify(BADGE_MESSAGES.deleteFailed, { type: 'error', messageArgs: { _: BADGE_MESSAGES.deleteFailed } }),
      }}
    />
  );
};

const BadgeEditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteBadgeButton />
  </Toolbar>
);

/** Editing a badge; saved only once the server accepts it. */
export const BadgeEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<BadgeTitle />}
      mutationMode="pessimistic"
      transform={(data: BadgeFormValues) => toBadgePayload(data)}
      mutationOptions={{
        // A custom onSuccess replaces react-admin's own notification and redirect.
        onSuccess: () => {
          notify(BADGE_MESSAGES.updated, { type: 'success', messageArgs: { _: BADGE_MESSAGES.updated } });
          redirect('list', 'badges');
        },
        onError: () => notify(BADGE_MESSAGES.updateFailed, { type: 'error', messageArgs: { _: BADGE_MESSAGES.updateFailed } }),
      }}
    >
      <BadgeForm toolbar={<BadgeEditToolbar />} />
    </Edit>
  );
};
