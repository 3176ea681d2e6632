import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowLeft, Store, X } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { AccessGuard } from '../../components/AccessGuard';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { MessageCard } from '../../components/MessageCard';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { PolicyAcceptance } from '../accounts/PolicyAcceptance';
import { useAuth } from '../accounts/useAuth';
import {
  BUSINESS_TYPES,
  EMPTY_REGISTER_SELLER_FORM,
  US_STATE_CODES,
  addSpecialty,
  removeSpecialty,
  toSellerPayload,
  validateRegisterSeller,
  type BusinessType,
  type RegisterSellerErrors,
  type RegisterSellerForm,
} from './registerSeller.validation';
import { useSellerByUser, useSubmitSellerApplication } from './sellers.api';
import { accountStatus } from './sellerDashboard';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** /register-seller and /seller-registration: the "Become a Seller" application (signed-in users only). */
export function RegisterSellerPage() {
  return (
    <AccessGuard>
      <RegisterSellerScreen />
    </AccessGuard>
  );
}

function RegisterSellerScreen() {
  const { user } = useAuth();
  const existing = useSellerByUser(user?.id);
  if (existing.isLoading) {
    return (
      <p role="status" className="p-8 text-center text-muted">
        Loading...
      </p>
    );
  }
  if (existing.data) return <AlreadyApplied status={existing.data.status} businessName={existing.data.businessName} />;
  return <SellerApplicationForm userId={user?.id} />;
}

function AlreadyApplied({ status, businessName }: { status: string; businessName: string }) {
  const { label } = accountStatus(status);
  return (
    <MessageCard
      icon={Store}
      title="Your Seller Application"
      description={
        <>
          You already applied as <strong className="text-ink">{businessName}</strong>. Status: {label}.
        </>
      }
      actionsClassName="flex flex-wrap gap-2"
    >
      {status === 'approved' && <ButtonLink to="/seller-dashboard">Go to Seller Dashboard</ButtonLink>}
      <ButtonLink to="/" variant="outline">
        Back to Home
      </ButtonLink>
    </MessageCard>
  );
}

function SellerApplicationForm({ userId }: { userId: string | undefined }) {
  const navigate = useNavigate();
  const { form, errors, setErrors, set, text } = useFormState<RegisterSellerForm>(
    EMPTY_REGISTER_SELLER_FORM,
    'seller',
  );
  const [specialtyInput, setSpecialtyInput] = useState('');
  const submitApplication = useSubmitSellerApplication(userId);

  function addTypedSpecialty() {
    set('specialties', addSpecialty(form.specialties, specialtyInput));
    setSpecialtyInput('');
  }

  function onSpecialtyKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTypedSpecialty();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitApplication.isPending) return;
    const found = validateRegisterSeller(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submitApplication.mutate(toSellerPayload(form), {
      onSuccess: () => {
        toast({
          title: 'Application Submitted',
          description: "We'll review your application and email you when it has been processed.",
        });
        void navigate('/');
      },
      onError: (error) => {
        const details = describeError(error, FALLBACK_ERROR);
        setErrors(details.fieldErrors as RegisterSellerErrors);
        toast({ title: 'Submission Failed', description: details.message, variant: 'destructive' });
      },
    });
  }

  return (
    <PageContainer className="max-w-3xl" title="Become a Seller">
      <Link to="/" className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-ink hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Home
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>Become a Seller</CardTitle>
          <CardDescription>
            Tell us about your business. Our team reviews every application and emails you when it has been processed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate aria-label="Seller application" className="grid gap-6">
            <fieldset className="grid gap-4">
              <legend className="mb-2 text-base font-semibold">Business information</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Business Name" autoComplete="organization" {...text('businessName')} />
                <SelectField
                  label="Business Type"
                  id="seller-businessType"
                  value={form.businessType}
                  onChange={(e) => set('businessType', e.target.value as BusinessType)}
                >
                  {BUSINESS_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Tax ID" hint="(optional)" {...text('taxId')} />
                <TextField label="Business License" hint="(optional)" {...text('businessLicense')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Years in Business"
                  hint="(optional)"
                  inputMode="numeric"
                  {...text('yearsInBusiness')}
                />
                <TextField label="Website" hint="(optional)" type="url" autoComplete="url" {...text('website')} />
              </div>
              <TextAreaField
                label="Description"
                hint="(optional)"
                rows={4}
                placeholder="What do you sell? Which marques and eras do you know best?"
                {...text('description')}
              />
            </fieldset>

            <fieldset className="grid gap-4">
              <legend className="mb-2 text-base font-semibold">Address and contact</legend>
              <TextField label="Business Address" autoComplete="street-address" {...text('businessAddress')} />
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField label="City" autoComplete="address-level2" {...text('businessCity')} />
                <SelectField label="State" {...text('businessState')}>
                  <option value="">Select a state</option>
                  {US_STATE_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </SelectField>
                <TextField label="ZIP Code" autoComplete="postal-code" inputMode="numeric" {...text('businessZip')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Country" autoComplete="country-name" {...text('businessCountry')} />
                <TextField label="Contact Phone" type="tel" autoComplete="tel" {...text('contactPhone')} />
              </div>
            </fieldset>

            <fieldset className="grid gap-2">
              <legend className="mb-2 text-base font-semibold">Specialties</legend>
              <div className="flex items-end gap-2">
                <TextField
                  label="Add a specialty"
                  hint="(press Enter or Add)"
                  id="seller-specialty"
                  className="flex-1"
                  placeholder="e.g. Ford Mustang 1964-1973"
                  value={specialtyInput}
                  onChange={(e) => setSpecialtyInput(e.target.value)}
                  onKeyDown={onSpecialtyKey}
                />
                <Button type="button" variant="outline" onClick={addTypedSpecialty} disabled={!specialtyInput.trim()}>
                  Add
                </Button>
              </div>
              {form.specialties.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label="Specialties">
                  {form.specialties.map((specialty) => (
                    <li key={specialty}>
                      <button
                        type="button"
                        onClick={() => set('specialties', removeSpecialty(form.specialties, specialty))}
                        className="inline-flex items-center gap-1 rounded-full border border-line bg-paper px-3 py-1 text-sm hover:border-racing"
                        aria-label={`Remove ${specialty}`}
                      >
                        {specialty}
                        <X aria-hidden className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>

            <PolicyAcceptance
              idPrefix="seller"
              privacyAccepted={form.privacyAccepted}
              termsAccepted={form.termsAccepted}
              errors={errors}
              onChange={set}
            />

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <ButtonLink to="/" variant="outline" size="lg">
                Cancel
              </ButtonLink>
              <Button type="submit" size="lg" disabled={submitApplication.isPending}>
                {submitApplication.isPending ? 'Submitting...' : 'Submit Application'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
