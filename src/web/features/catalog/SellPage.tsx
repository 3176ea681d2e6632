import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Gavel, PackageX, Store, Tag } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonAnchor, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { RequiredNote, SelectField, TextAreaField, TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { MessageCard } from '../../components/MessageCard';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { signInHref } from '../../lib/navigation';
import { useAuth } from '../accounts/useAuth';
import { FitmentEditor } from './FitmentEditor';
import { PartNumbersEditor } from './PartNumbersEditor';
import { partNumberDrafts, toPartNumbersPayload, validatePartNumbers, type PartNumberDraft } from './partNumbersForm';
import { PhotoUploader } from './PhotoUploader';
import type { PartDto } from '../../../modules/catalog/part.dto';
import { useCategories, useCreatePart, useMakes, useSellerLookup, useUpdatePart } from './sell.api';
import {
  CONDITION_OPTIONS,
  editSavedMessage,
  EMPTY_SELL_FORM,
  keptFitments,
  listedMessage,
  MAX_YEAR,
  MIN_YEAR,
  missingAltText,
  photoProblem,
  sellAccess,
  sellFormFromPart,
  SELL_MESSAGES,
  splitServerErrors,
  toPartPayload,
  validateFitments,
  validateSellForm,
  type ConditionValue,
  type FitmentDraft,
  type PhotoItem,
  type SellForm,
} from './sellForm';

/** /sell: choose a marketplace listing or an auction, then "List Your Part" (spec 001 §2). */
export function SellPage() {
  const { user, isLoading } = useAuth();
  const lookup = useSellerLookup(user?.id ?? null);
  const [refused, setRefused] = useState(false);
  const [mode, setMode] = useState<'choose' | 'marketplace'>('choose');
  const access = sellAccess(user, isLoading, lookup.isPending && user ? 'loading' : (lookup.data ?? 'unknown'));

  if (access === 'loading') return <SellSkeleton />;
  if (access === 'signed-out') return <SignInCard />;
  if (access === 'not-seller' || access === 'seller-pending' || refused) {
    return <SellerRequiredCard pending={access === 'seller-pending'} />;
  }
  if (mode === 'choose') return <ListingChoice onMarketplace={() => setMode('marketplace')} />;
  return <ListYourPartForm onRefused={() => setRefused(true)} />;
}

/** /my-listings/:id/edit: the sell form, filled with the seller's listing; saving goes to the part page. */
export function EditListingPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const lookup = useSellerLookup(user?.id ?? null);
  const [refused, setRefused] = useState(false);
  const access = sellAccess(user, isLoading, lookup.isPending && user ? 'loading' : (lookup.data ?? 'unknown'));
  const part = useQuery<PartDto>({
    queryKey: [`/api/parts/${encodeURIComponent(id)}`],
    enabled: access === 'allowed',
    retry: false,
  });

  if (access === 'loading') return <SellSkeleton />;
  if (access === 'signed-out') return <SignInCard />;
  if (access === 'not-seller' || access === 'seller-pending' || refused) {
    return <SellerRequiredCard pending={access === 'seller-pending'} />;
  }
  if (part.isPending) return <SellSkeleton />;
  if (part.isError || !part.data || part.data.sellerId !== user?.id) {
    const notFound = part.isError && describeError(part.error).status !== 404 ? false : true;
    return (
      <MessageCard
        icon={PackageX}
        title={notFound ? 'Listing Not Found' : 'Listing Unavailable'}
        description={
          notFound
            ? 'This listing does not exist, or it is not one of yours.'
            : 'We could not load this listing. Please try again in a moment.'
        }
      >
        <ButtonLink to="/my-listings">Back to My Listings</ButtonLink>
      </MessageCard>
    );
  }
  if (!part.data.isActive) {
    return (
      <MessageCard
        icon={PackageX}
        title={part.data.isSold ? 'Listing Sold' : 'Listing Withdrawn'}
        description={
          part.data.isSold
            ? 'This listing was marked sold and can no longer be changed.'
            : 'Relist this part from My Listings before changing it.'
        }
      >
        <ButtonLink to="/my-listings">Back to My Listings</ButtonLink>
      </MessageCard>
    );
  }
  return <ListYourPartForm key={part.data.id} existing={part.data} onRefused={() => setRefused(true)} />;
}

function SellSkeleton() {
  return (
    <PageContainer className="max-w-3xl">
      <div role="status" aria-label="Loading" className="grid gap-4">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-96 max-w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </PageContainer>
  );
}

function SignInCard() {
  return (
    <MessageCard icon={Tag} title="List Your Part" description="Please sign in to create listings.">
      <ButtonAnchor href={signInHref('/sell')}>Sign In</ButtonAnchor>
    </MessageCard>
  );
}

function SellerRequiredCard({ pending }: { pending: boolean }) {
  return (
    <MessageCard
      icon={Store}
      title="Seller Account Required"
      description={
        pending
          ? 'Your seller application is waiting for review. You can list parts as soon as our team approves it; we will email you.'
          : 'You need an approved seller account to list parts on Pitlane. Apply once, and after our team approves your business you can list parts and schedule auctions.'
      }
    >
      {!pending && <ButtonLink to="/register-seller">Become a Seller</ButtonLink>}
    </MessageCard>
  );
}

function ListingChoice({ onMarketplace }: { onMarketplace: () => void }) {
  const navigate = useNavigate();
  const choice =
    'grid h-full gap-3 rounded-lg border border-line bg-surface p-6 text-left shadow-sm transition-colors hover:border-racing focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-racing';
  return (
    <PageContainer className="max-w-3xl" title="Sell a Part">
      <h1 className="text-3xl font-bold tracking-tight">Sell a Part</h1>
      <p className="mt-2 text-muted">How would you like to sell?</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <button type="button" className={choice} onClick={onMarketplace}>
          <Tag aria-hidden className="size-8 text-racing" />
          <span className="text-lg font-semibold">Marketplace Listing</span>
          <span className="text-sm text-muted">Sell at a fixed price. Buyers find your part in search and contact you.</span>
        </button>
        <button type="button" className={choice} onClick={() => navigate('/schedule-auction')}>
          <Gavel aria-hidden className="size-8 text-racing" />
          <span className="text-lg font-semibold">Forward Auction</span>
          <span className="text-sm text-muted">Schedule a timed auction and let buyers bid the price up.</span>
        </button>
      </div>
    </PageContainer>
  );
}

/** "List Your Part", or with `existing` the same form filled to edit that listing. */
function ListYourPartForm({ onRefused, existing }: { onRefused: () => void; existing?: PartDto }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const makes = useMakes();
  const createPart = useCreatePart();
  const updatePart = useUpdatePart(existing?.id ?? '');
  const create = existing ? updatePart : createPart;
  const [initial] = useState(() => (existing ? sellFormFromPart(existing) : null));
  const { form, setErrors, set, text } = useFormState<SellForm>(initial?.form ?? EMPTY_SELL_FORM, 'sell');
  const [photos, setPhotos] = useState<PhotoItem[]>(initial?.photos ?? []);
  const [photoErrors, setPhotoErrors] = useState<Record<string, string>>({});
  const [fitments, setFitments] = useState<FitmentDraft[]>(initial?.fitments ?? []);
  const [fitmentErrors, setFitmentErrors] = useState<Record<string, Partial<Record<string, string>>>>({});
  const [numbers, setNumbers] = useState<PartNumberDraft[]>(() => partNumberDrafts(existing?.partNumbers ?? []));
  const [numberErrors, setNumberErrors] = useState<{ rows: Record<string, string>; general?: string }>({ rows: {} });
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateSellForm(form);
    const foundFitments = validateFitments(fitments);
    const foundNumbers = validatePartNumbers(numbers);
    setErrors(found);
    setFitmentErrors(foundFitments);
    setNumberErrors(foundNumbers);
    setPhotoErrors({});
    setGeneralErrors([]);
    if (Object.keys(found).length || Object.keys(foundFitments).length) {
      document.getElementById(`sell-${Object.keys(found)[0] ?? 'title'}`)?.focus();
      return;
    }
    const badNumber = Object.keys(foundNumbers.rows)[0];
    if (badNumber || foundNumbers.general) {
      if (badNumber) document.getElementById(`part-number-${badNumber}-number`)?.focus();
      return;
    }
    const problem = photoProblem(photos);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      // The photos without alt text are marked beside their field too, the first one focused.
      const missing = missingAltText(photos);
      setPhotoErrors(missing);
      const first = Object.keys(missing)[0];
      if (first) document.getElementById(`sell-photo-alt-${first}`)?.focus();
      return;
    }
    const sentPhotoKeys = photos.map((p) => p.key);
    const sentFitmentKeys = keptFitments(fitments).map((f) => f.key);
    create.mutate({ ...toPartPayload(form, photos, fitments), partNumbers: toPartNumbersPayload(numbers) }, {
      onSuccess: (saved) => {
        toast(existing ? editSavedMessage(existing, saved as PartDto) : listedMessage(saved as PartDto));
        void navigate(`/parts/${saved.id}`);
      },
      onError: (error) => {
        const details = describeError(error, SELL_MESSAGES.failure.description);
        if (details.status === 403) {
          onRefused();
          return;
        }
        const split = splitServerErrors(details.fieldErrors, sentPhotoKeys, sentFitmentKeys);
        setErrors(split.fields);
        setPhotoErrors(split.photos);
        setFitmentErrors(split.fitments);
        setGeneralErrors(split.general);
        toast({ ...(existing ? SELL_MESSAGES.saveFailure : SELL_MESSAGES.failure), variant: 'destructive' });
      },
    });
  }

  const listsLoading = categories.isPending || makes.isPending;
  const listsFailed = categories.isError || makes.isError;

  return (
    <PageContainer className="max-w-3xl" title={existing ? 'Edit Listing' : 'List Your Part'}>
      <Card>
        <CardHeader>
          <CardTitle>{existing ? 'Edit Listing' : 'List Your Part'}</CardTitle>
          <CardDescription>
            {existing
              ? 'Change the price, description, photos or the vehicles it fits. A price change stays live; other changes may be reviewed again before buyers see them.'
              : 'Describe the part honestly, add clear photos and the vehicles it fits. New listings are reviewed before they go live.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {listsFailed && (
            <p role="alert" className="mb-4 rounded-md bg-racing-soft p-3 text-sm text-racing">
              The categories and makes could not be loaded. Refresh the page to try again.
            </p>
          )}
          <form onSubmit={submit} noValidate aria-label={existing ? 'Edit listing' : 'List your part'} className="grid gap-6">
            <RequiredNote />
            <div className="grid gap-4">
              <TextField label="Title" required maxLength={200} placeholder="e.g. Porsche 911 clutch kit" {...text('title')} />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField label="Category" required disabled={listsLoading} {...text('category')}>
                  <option value="">{listsLoading ? 'Loading...' : 'Select a category'}</option>
                  {categories.data?.map((c) => (
                    <option key={c.id} value={c.slug}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Condition"
                  required
                  {...text('condition')}
                  onChange={(event) => set('condition', event.target.value as ConditionValue)}
                >
                  {CONDITION_OPTIONS.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField label="Make" required disabled={listsLoading} {...text('make')}>
                  <option value="">{listsLoading ? 'Loading...' : 'Select a make'}</option>
                  {makes.data?.map((m) => (
                    <option key={m.id} value={m.slug}>
                      {m.name}
                    </option>
                  ))}
                </SelectField>
                <TextField label="Model" hint="(optional)" maxLength={100} {...text('model')} />
                <TextField
                  label="Year From"
                  hint="(optional)"
                  type="number"
                  inputMode="numeric"
                  min={MIN_YEAR}
                  max={MAX_YEAR}
                  {...text('yearStart')}
                />
                <TextField
                  label="Year To"
                  hint="(optional)"
                  type="number"
                  inputMode="numeric"
                  min={MIN_YEAR}
                  max={MAX_YEAR}
                  {...text('yearEnd')}
                />
                <TextField label="Part Number" hint="(optional)" maxLength={100} {...text('partNumber')} />
                <TextField label="Price (USD)" required type="number" inputMode="decimal" step="0.01" min="0.01" {...text('price')} />
              </div>
              <TextField label="Location" required maxLength={200} placeholder="City, State" autoComplete="address-level2" {...text('location')} />
              <TextAreaField label="Description" required maxLength={10_000} inputClassName="min-h-32" {...text('description')} />
            </div>

            <PartNumbersEditor entries={numbers} setEntries={setNumbers} errors={numberErrors.rows} listError={numberErrors.general} />
            <PhotoUploader photos={photos} setPhotos={setPhotos} errors={photoErrors} disabled={create.isPending} />
            <FitmentEditor
              entries={fitments}
              setEntries={setFitments}
              errors={fitmentErrors}
              makes={makes.data ?? []}
              makesLoading={makes.isPending}
              partYears={{ yearStart: form.yearStart, yearEnd: form.yearEnd }}
            />

            {generalErrors.length > 0 && (
              <ul role="alert" className="grid gap-1 rounded-md bg-racing-soft p-3 text-sm text-racing">
                {generalErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" size="lg" disabled={create.isPending}>
                {existing ? (create.isPending ? 'Saving...' : 'Save Changes') : create.isPending ? 'Listing...' : 'List Part'}
              </Button>
              {existing && (
                <ButtonLink to="/my-listings" variant="outline" size="lg">
                  Cancel
                </ButtonLink>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
