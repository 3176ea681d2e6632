import { AccessGuard } from '../../components/AccessGuard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { messageEmailsSavedToast } from './preferences';
import { usePreferences, useUpdatePreferences } from './preferences.api';

/** /account/settings: the signed-in user's settings; for now whether they get mail about unread messages (issue 19). */
export function AccountSettingsPage() {
  return (
    <PageContainer narrow title="Account Settings">
      <h1 className="mb-6 text-2xl font-bold text-ink">Account Settings</h1>
      <AccessGuard>
        <NotificationSettings />
      </AccessGuard>
    </PageContainer>
  );
}

function NotificationSettings() {
  const { data, isLoading, isError } = usePreferences();
  const update = useUpdatePreferences();
  const checked = update.isPending && update.variables?.messageEmails !== undefined ? update.variables.messageEmails : data?.messageEmails;

  const onChange = (on: boolean) =>
    update.mutate(
      { messageEmails: on },
      {
        onSuccess: (saved) => toast(messageEmailsSavedToast(saved.messageEmails)),
        onError: (error) => toast({ title: 'Failed to save settings', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose which emails Pitlane sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p role="status" className="text-muted">
            Loading...
          </p>
        ) : isError || !data ? (
          <p role="alert" className="text-racing">
            Failed to load settings
          </p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div>
              <label htmlFor="message-emails" className="font-medium text-ink">
                Email me about unread messages
              </label>
              <p id="message-emails-hint" className="text-sm text-muted">
                A message you haven&apos;t read within 10 minutes is sent to your email address.
              </p>
            </div>
            <input
              id="message-emails"
              type="checkbox"
              role="switch"
              aria-describedby="message-emails-hint"
              data-testid="switch-message-emails"
              className="mt-1 size-5 shrink-0 accent-racing"
              checked={checked ?? true}
              disabled={update.isPending}
              onChange={(e) => onChange(e.target.checked)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
