import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { CheckboxField, TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { useRegisterBuyer } from './accounts.api';
import { PolicyAcceptance } from './PolicyAcceptance';
import {
  EMPTY_REGISTER_BUYER_FORM,
  toRegisterPayload,
  validateRegisterBuyer,
  type RegisterBuyerErrors,
  type RegisterBuyerForm,
} from './registerBuyer.validation';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';
const policyLink = 'font-medium text-racing underline-offset-2 hover:underline';

/** /register-buyer: "Create Buyer Account", then "Check Your Email". */
export function RegisterBuyerPage() {
  const { form, errors, setErrors, set, text } = useFormState<RegisterBuyerForm>(
    EMPTY_REGISTER_BUYER_FORM,
    'register',
  );
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const register = useRegisterBuyer();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const found = validateRegisterBuyer(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    register.mutate(toRegisterPayload(form), {
      onSuccess: (created) => {
        setRegisteredEmail(created.email || form.email.trim());
        toast({
          title: 'Registration Successful',
          description: 'Please check your email to verify your account.',
        });
      },
      onError: (error) => {
        const details = describeError(error, FALLBACK_ERROR);
        setErrors(details.fieldErrors as RegisterBuyerErrors);
        toast({ title: 'Registration Failed', description: details.message, variant: 'destructive' });
      },
    });
  }

  if (registeredEmail) {
    return (
      <PageContainer narrow title="Check Your Email">
        <Card>
          <CardHeader className="items-center text-center">
            <MailCheck aria-hidden className="mx-auto size-10 text-success" />
            <CardTitle>Check Your Email</CardTitle>
            <CardDescription>
              We sent a verification link to <strong className="text-ink">{registeredEmail}</strong>. Open it to
              activate your account, then sign in.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-center">
            <ButtonLink to="/login">Go to Sign In</ButtonLink>
            <Link to="/" className="text-sm text-muted hover:underline">
              Return to Homepage
            </Link>
          </CardContent>
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-2xl" title="Create Buyer Account">
      <Card>
        <CardHeader>
          <CardTitle>Create Buyer Account</CardTitle>
          <CardDescription>
            Watch parts, bid in auctions, message sellers and post wanted requests. Already have an account?{' '}
            <Link to="/login" className={policyLink}>
              Sign in
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate aria-label="Create buyer account" className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First Name" autoComplete="given-name" {...text('firstName')} />
              <TextField label="Last Name" autoComplete="family-name" {...text('lastName')} />
            </div>
            <TextField label="Username" autoComplete="username" {...text('username')} />
            <TextField label="Email" type="email" autoComplete="email" {...text('email')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Password" type="password" autoComplete="new-password" {...text('password')} />
              <TextField
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                {...text('confirmPassword')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Phone" hint="(optional)" type="tel" autoComplete="tel" {...text('phone')} />
              <TextField label="Location" hint="(optional)" autoComplete="address-level2" {...text('location')} />
            </div>
            <TextField label="Country" autoComplete="country-name" {...text('country')} />
            <PolicyAcceptance
              idPrefix="register"
              privacyAccepted={form.privacyAccepted}
              termsAccepted={form.termsAccepted}
              errors={errors}
              onChange={set}
            >
              <CheckboxField
                id="register-marketingEmails"
                checked={form.marketingEmails}
                onChange={(e) => set('marketingEmails', e.target.checked)}
              >
                Send me marketing emails
              </CheckboxField>
            </PolicyAcceptance>
            <Button type="submit" size="lg" disabled={register.isPending}>
              {register.isPending ? 'Creating Account...' : 'Create Account'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
