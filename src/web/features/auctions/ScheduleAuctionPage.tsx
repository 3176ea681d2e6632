import { useMemo, useState, type FormEvent } from 'react';
import { CalendarClock, Hammer, Info, Search } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ReverseAuctionForm } from '../reverse/ReverseAuctionForm';
import { CONDITION_OPTIONS } from '../catalog/partFormat';
import { Tabs } from 'radix-ui';
import { AccessGuard } from '../../components/AccessGuard';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/Card';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { cn } from '../../lib/cn';
import { useAuth } from '../accounts/useAuth';
import { AUCTION_FORM_LIMITS } from '../../../modules/auctions/auction.messages';
import { usePublicAuctionSettings, useScheduleAuction, useSellerParts } from './auctions.api';
import {
  checkScheduleTimes,
  initialScheduleForm,
  minEndTime,
  minStartTime,
  toScheduleAuctionPayload,
  validateScheduleAuction,
  type PricingAllowances,
  type ScheduleAuctionErrors,
  type ScheduleAuctionForm,
} from './scheduleAuction.validation';

/** Spec 001 §9 pricing defaults, used until (or if) the server's allowances cannot be read. */
const DEFAULT_ALLOWANCES: PricingAllowances = {
  allowReservePrices: true,
  allowBuyItNow: true,
  minBuyItNowMultiplier: 1.2,
  maxReservePercentage: 80,
  minimumAuctionDuration: 0,
};

/** The relist rules' number inputs, bounded by AUCTION_FORM_LIMITS (the server's bounds). */
const RELIST_FIELDS = [
  { field: 'maxRelists', label: 'Max relists', step: 1 },
  { field: 'relistPriceReduction', label: 'Price reduction (%)', step: 0.1 },
  { field: 'relistDelay', label: 'Relist delay (hours)', step: 1 },
] as const;

const tabClass =
  'h-9 flex-1 rounded px-4 text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none';

/** The /schedule-auction route: any signed-in user (buyers post reverse auctions); the regular tab needs a seller. */
export function ScheduleAuctionRoute() {
  return (
    <AccessGuard>
      <ScheduleAuctionPage />
    </AccessGuard>
  );
}

/**
 * Each tab's heading and introduction: a wanted request is not an auction of the user's own part, so its tab has its
 * own title (issue 34).
 */
const SCHEDULE_TAB_HEADINGS = {
  regular: { title: 'Schedule an Auction', intro: 'Pick one of your parts, set the price rules and the time window.' },
  reverse: {
    title: 'Post a Wanted Request',
    intro: 'Describe the part you need and the most you will pay; sellers compete with lower quotes until it ends.',
  },
} as const;

type ScheduleTab = keyof typeof SCHEDULE_TAB_HEADINGS;

/**
 * /schedule-auction: "Regular Auction" and "Reverse Auction" tabs (spec 001 "Scheduling"). The tab is kept in the
 * address (?tab=reverse), so "Post a Wanted Request" links straight to its form and the heading follows the tab.
 */
export function ScheduleAuctionPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ScheduleTab = searchParams.get('tab') === 'reverse' ? 'reverse' : 'regular';
  const heading = SCHEDULE_TAB_HEADINGS[tab];
  const Icon = tab === 'reverse' ? Search : CalendarClock;
  const choose = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'reverse') next.set('tab', 'reverse');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return (
    <PageContainer className="max-w-3xl" title={heading.title}>
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <Icon aria-hidden className="size-7 text-racing" />
        {heading.title}
      </h1>
      <p className="mt-1 text-muted">{heading.intro}</p>
      <Tabs.Root value={tab} onValueChange={choose} className="mt-6">
        <Tabs.List aria-label="Auction kind" className="flex gap-1 rounded-md bg-black/5 p-1">
          <Tabs.Trigger value="regular" className={tabClass}>
            Regular Auction
          </Tabs.Trigger>
          <Tabs.Trigger value="reverse" className={tabClass}>
            Reverse Auction
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="regular" className="mt-6 focus-visible:outline-none">
          <AccessGuard role="seller">
            <RegularAuctionTab />
          </AccessGuard>
        </Tabs.Content>
        <Tabs.Content value="reverse" className="mt-6 focus-visible:outline-none">
          <ReverseAuctionForm />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}

function toAllowances(settings: ReturnType<typeof usePublicAuctionSettings>['data']): PricingAllowances {
  if (!settings) return DEFAULT_ALLOWANCES;
  const multiplier = Number(settings.minBuyItNowMultiplier);
  const percentage = Number(settings.maxReservePercentage);
  return {
    allowReservePrices: settings.allowReservePrices !== false,
    allowBuyItNow: settings.allowBuyItNow !== false,
    minBuyItNowMultiplier: Number.isFinite(multiplier) ? multiplier : DEFAULT_ALLOWANCES.minBuyItNowMultiplier,
    maxReservePercentage: Number.isFinite(percentage) ? percentage : DEFAULT_ALLOWANCES.maxReservePercentage,
    minimumAuctionDuration: Number(settings.minimumAuctionDuration) || 0,
  };
}

/** Waits for the admin's allowances and defaults (the spec's defaults if they cannot be read). */
function RegularAuctionTab() {
  const settings = usePublicAuctionSettings();
  const allow = useMemo(() => toAllowances(settings.data), [settings.data]);
  if (settings.isLoading) {
    return (
      <div role="status" aria-label="Loading the form" className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 animate-pulse rounded-lg bg-black/10" />
        ))}
      </div>
    );
  }
  return <RegularAuctionForm allow={allow} initial={initialScheduleForm(settings.data?.defaults, allow.allowReservePrices)} />;
}

function RegularAuctionForm({ allow, initial }: { allow: PricingAllowances; initial: ScheduleAuctionForm }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const parts = useSellerParts(user?.id);
  const schedule = useScheduleAuction();
  const { form, setForm, errors, setErrors, set, text } = useFormState<ScheduleAuctionForm>(initial, 'auction');
  // The minimums of the date inputs, fixed when the form opens and moved on with the start.
  const [openedAt] = useState(() => new Date());
  const startMin = minStartTime(openedAt);
  const endMin = minEndTime(form.startTime, openedAt, allow.minimumAuctionDuration);

  function choosePart(partId: string) {
    const part = parts.data?.find((p) => p.id === partId);
    setForm((current) => ({
      ...current,
      partId,
      title: current.title || part?.title || '',
      condition: current.condition || part?.condition || '',
      location: current.location || part?.location || '',
    }));
    setErrors((current) => ({ ...current, partId: undefined, title: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (schedule.isPending) return;
    const found = validateScheduleAuction(form, allow);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`auction-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const times = checkScheduleTimes(form.startTime, form.endTime, new Date());
    if (!times.ok) {
      toast({ title: times.title, description: times.message, variant: 'destructive' });
      return;
    }
    schedule.mutate(toScheduleAuctionPayload(form, allow), {
      onSuccess: () => {
        toast({ title: 'Auction Scheduled', description: `"${form.title.trim()}" has been scheduled.` });
        void navigate('/auctions');
      },
      onError: (error) => {
        const details = describeError(error, 'Failed to schedule auction');
        setErrors(details.fieldErrors as ScheduleAuctionErrors);
        toast({ title: 'Error', description: details.message, variant: 'destructive' });
      },
    });
  }

  const reserveDisabled = !allow.allowReservePrices;
  const partList = parts.data ?? [];

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Auction Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SelectField
            label="Part"
            id="auction-partId"
            name="partId"
            value={form.partId}
            onChange={(e) => choosePart(e.target.value)}
            disabled={parts.isLoading}
            error={errors.partId}
          >
            <option value="">{parts.isLoading ? 'Loading your parts...' : 'Select one of your parts'}</option>
            {partList.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.partNumber ? ` (${p.partNumber})` : ''}
              </option>
            ))}
          </SelectField>
          {!parts.isLoading && partList.length === 0 && (
            <p className="flex items-start gap-2 text-sm text-muted">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                You have no parts to auction yet.{' '}
                <Link to="/sell" className="font-medium text-racing hover:underline">
                  List a part
                </Link>{' '}
                first.
              </span>
            </p>
          )}
          <TextField label="Title" maxLength={200} {...text('title')} />
          <TextAreaField
            label="Description"
            id="auction-description"
            rows={6}
            maxLength={10_000}
            value={form.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Condition"
              hint="(optional)"
              id="auction-condition"
              name="condition"
              value={form.condition}
              onChange={(e) => set('condition', e.target.value)}
              error={errors.condition}
            >
              <option value="">As listed on the part</option>
              {CONDITION_OPTIONS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <TextField label="Location" hint="(optional)" maxLength={200} {...text('location')} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Pricing</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SelectField
            label="Auction type"
            id="auction-auctionType"
            name="auctionType"
            value={form.auctionType}
            onChange={(e) => set('auctionType', e.target.value === 'reserve' ? 'reserve' : 'standard')}
          >
            <option value="standard">Standard (no reserve)</option>
            {!reserveDisabled && <option value="reserve">Reserve (sells only at or above a hidden minimum)</option>}
          </SelectField>
          {reserveDisabled && <p className="text-sm text-muted">Reserve prices are not available at the moment.</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Starting bid (USD)" inputMode="decimal" placeholder="100.00" {...text('startingBid')} />
            <TextField
              label="Bid increment (USD)"
              hint="(0 uses the standard increment table)"
              inputMode="decimal"
              {...text('bidIncrement')}
            />
            {!reserveDisabled && form.auctionType === 'reserve' && (
              <TextField label="Reserve price (USD)" inputMode="decimal" {...text('reservePrice')} />
            )}
            {allow.allowBuyItNow && (
              <TextField
                label="Buy It Now price (USD)"
                hint={`(optional, at least ${allow.minBuyItNowMultiplier}× the starting bid)`}
                inputMode="decimal"
                {...text('buyItNowPrice')}
              />
            )}
            <TextField label="Shipping cost (USD)" hint="(optional)" inputMode="decimal" {...text('shippingCost')} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Schedule</CardTitle>
          <CardDescription>Start at least an hour from now; run for at least an hour.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Start time" type="datetime-local" min={startMin} {...text('startTime')} />
            <TextField label="End time" type="datetime-local" min={endMin} {...text('endTime')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Auto-extend trigger (seconds)" type="number" min={0} step={1} {...text('autoExtendTrigger')} />
            <TextField label="Auto-extend time (seconds)" type="number" min={0} step={1} {...text('autoExtendTime')} />
            <TextField label="Max extensions" type="number" min={0} step={1} {...text('maxExtensions')} />
          </div>
          <p className="text-sm text-muted">
            A bid within the trigger window before the end extends the auction by the extension time, up to the maximum number
            of extensions.
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Automatic Relist</CardTitle>
          <CardDescription>Relist the part automatically when the auction ends without a sale.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CheckboxField id="auction-autoRelist" checked={form.autoRelist} onChange={(e) => set('autoRelist', e.target.checked)}>
            Relist automatically if unsold
          </CheckboxField>
          <fieldset disabled={!form.autoRelist} className={cn('grid gap-4 sm:grid-cols-3', !form.autoRelist && 'opacity-60')}>
            <legend className="sr-only">Relist rules</legend>
            {RELIST_FIELDS.map(({ field, label, step }) => (
              <TextField
                key={field}
                label={label}
                type="number"
                min={AUCTION_FORM_LIMITS[field].min}
                max={AUCTION_FORM_LIMITS[field].max}
                step={step}
                {...text(field)}
              />
            ))}
          </fieldset>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to="/auctions" variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" size="lg" disabled={schedule.isPending}>
          <Hammer aria-hidden className="size-5" />
          {schedule.isPending ? 'Scheduling...' : 'Schedule Auction'}
        </Button>
      </div>
    </form>
  );
}
