import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { LOGIN_MESSAGES } from '../../../modules/accounts/account.messages';
import { errorMessage } from '../../lib/api';
import { safeReturnTo } from '../../lib/navigation';
import { useLogin } from './accounts.api';

/** /login: sign in with a username or email and a password, then go back where the user came from. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

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
