import { Create, useNotify, useRedirect } from 'react-admin';
import { BADGE_MESSAGES, toBadgePayload, type BadgeFormValues } from './badgeForm';
import { BadgeForm } from './BadgeForm';

/** A new badge; the requirement is sent as parsed JSON. */
export const BadgeCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="New badge"
      transform={(data: BadgeFormValues) => toBadgePayload(data)}
      mutationOptions={{
        // A custom onSuccess replaces react-admin's own notification and redirect.
        onSuccess: () => {
          notify(BADGE_MESSAGES.created, { type: 'success', messageArgs: { _: BADGE_MESSAGES.created } });
          redirect('list', 'badges');
        },
        onError: () => notify(BADGE_MESSAGES.createFailed, { type: 'error', messageArgs: { _: BADGE_MESSAGES.createFailed } }),
      }}
    >
      <BadgeForm />
    </Create>
  );
};
