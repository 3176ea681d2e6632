import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { verifyEmail } from './accounts.api';

const NO_TOKEN = 'No verification token provided';
const FAILED = 'Failed to verify email. The link may be invalid or expired.';

/**
 * /verify-email?token=...: confirms the address once per token. The call lives in the query cache
 * (key: path + token, never stale, no retry), so StrictMode's double mount does not send it twice.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const result = useQuery({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const status = !token ? 'error' : result.isPending ? 'loading' : result.isError ? 'error' : 'success';
  const failure = !token ? NO_TOKEN : result.isError ? errorMessage(result.error, FAILED) : '';

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'loading') return;
    const key = `${token}|${status}`;
    if (announced.current === key) return;
    announced.current = key;
    if (status === 'success') {
      toast({ title: 'Email Verified', description: 'Your email has been verified. You can now sign in.' });
    } else {
      toast({ title: 'Verification Failed', description: failure, variant: 'destructive' });
    }
  }, [status, token, failure]);

  return (
    <PageContainer narrow title="Email Verification">
      <Card>
        {status === 'loading' && (
          <CardHeader className="items-center text-center" role="status">
            <LoaderCircle aria-hidden className="mx-auto size-10 animate-spin text-muted" />
            <CardTitle>Verifying Your Email</CardTitle>
            <CardDescription>Please wait while we verify your email address...</CardDescription>
          </CardHeader>
        )}
        {status === 'success' && (
          <>
            <CardHeader className="items-center text-center">
              <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
              <CardTitle>Email Verified</CardTitle>
              <CardDescription>
                {result.data?.message || 'Your email address has been verified. You can now sign in to your account.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-center">
              <ButtonLink to="/login">Sign In</ButtonLink>
              <ReturnHome />
            </CardContent>
          </>
        )}
        {status === 'error' && (
          <>
            <CardHeader className="items-center text-center">
              <CircleX aria-hidden className="mx-auto size-10 text-racing" />
              <CardTitle>Verification Failed</CardTitle>
              <p role="alert" className="text-sm text-muted">
                {failure}
              </p>
            </CardHeader>
            <CardContent className="grid gap-3 text-center">
              <ButtonLink to="/register-buyer">Register Again</ButtonLink>
              <ReturnHome />
            </CardContent>
          </>
        )}
      </Card>
    </PageContainer>
  );
}

function ReturnHome() {
  return (
    <Link to="/" className="text-sm text-muted hover:text-ink hover:underline">
      Return to Homepage
    </Link>
  );
}
