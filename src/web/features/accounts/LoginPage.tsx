import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { LOGIN_MESSAGES, RESEND_VERIFICATION_MESSAGES } from '../../../modules/accounts/account.messages';
import { describeError, errorMessage } from '../../lib/api';
import { safeReturnTo } from '../../lib/navigation';
import { useLogin, useResendVerification } from './accounts.api';

/** /login: sign in with a username or email and a password, then go back where the user came from. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  // A sign-in refused for an unverified email opens the resend form at once.
  const unverified = login.isError && describeError(login.error).code === 'email_not_verified';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const gap = !username.trim() ? LOGIN_MESSAGES.username : !password ? LOGIN_MESSAGES.password : null;
    setMissing(gap);
    if (gap) return;
    login.mutate(
      { username: username.trim(), password },
      { onSuccess: () => navigate(safeReturnTo(params.get('returnTo')), { replace: true }) },
    );
  }

  return (
    <PageContainer narrow title="Sign In">
      <Card>
        <CardHeader>
          <CardTitle>Sign In</CardTitle>
          <CardDescription>Welcome back to Pitlane.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" aria-label="Sign in" noValidate>
            {(missing || login.isError) && (
              <p role="alert" className="rounded-md border border-racing bg-racing-soft px-3 py-2 text-sm text-racing-dark">
                {missing ?? errorMessage(login.error, 'Sign in failed. Please try again.')}
              </p>
            )}
            <TextField
              label="Username or email"
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <ResendVerification key={unverified ? 'unverified' : 'asked'} identifier={username} open={unverified} />
          <p className="mt-6 text-center text-sm text-muted">
            New to Pitlane?{' '}
            <Link to="/register-buyer" className="font-medium text-racing hover:underline">
              Create an account
            </Link>
          </p>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/**
 * "Resend verification link" (issue 34): the username or email (the sign-in form's, to start with) gets a new link
 * by mail. Open from the start when a sign-in was refused for an unverified email, else behind its button.
 */
function ResendVerification({ identifier, open: openAtFirst }: { identifier: string; open: boolean }) {
  const resend = useResendVerification();
  const [open, setOpen] = useState(openAtFirst);
  const [name, setName] = useState(identifier);
  const [missing, setMissing] = useState(false);
  const sectionId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resend.isPending) return;
    const value = name.trim();
    setMissing(!value);
    if (!value) return;
    resend.mutate(value.includes('@') ? { email: value } : { username: value });
  }

  return (
    <div className="mt-6 border-t border-line pt-4">
      {!open ? (
        <p className="text-center text-sm text-muted">
          Didn't get the verification email?{' '}
          <button
            type="button"
            className="font-medium text-racing hover:underline"
            aria-expanded={false}
            aria-controls={sectionId}
            onClick={() => {
              setName(identifier);
              setOpen(true);
            }}
          >
            Resend verification link
          </button>
        </p>
      ) : (
        <form id={sectionId} onSubmit={submit} noValidate aria-label="Resend verification link" className="grid gap-3">
          <p className="text-sm font-medium">Resend verification link</p>
          <p className="text-sm text-muted">We will email a new link to the address of your account. Links are valid for 24 hours.</p>
          <TextField
            label="Email or username"
            name="resend-identifier"
            autoComplete="username"
            value={name}
            error={missing ? RESEND_VERIFICATION_MESSAGES.identifier : resend.isError ? errorMessage(resend.error) : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Send Verification Link'}
          </Button>
          <p role="status" className="text-sm text-green-800">
            {resend.isSuccess ? (resend.data?.message ?? RESEND_VERIFICATION_MESSAGES.sent) : ''}
          </p>
        </form>
      )}
    </div>
  );
}
