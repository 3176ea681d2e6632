import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Eye, Gavel, MapPin, Timer, User, MessageSquare } from 'lucide-react';
import type { ReverseAuctionDto, ReverseBidDto } from '../../../modules/reverse/reverse.dto';
import { hasRole } from '../../../platform/roles';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextAreaField, TextField } from '../../components/Field';
import { FormActions, FormDialog } from '../../components/FormDialog';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import { useAuth } from '../accounts/useAuth';
import { PhotoUploader } from '../catalog/PhotoUploader';
import { SELL_MESSAGES, type PhotoItem } from '../catalog/sellForm';
import { useNow } from '../auctions/useNow';
import { useAwardQuote, useBuyer, useReverseAuction, useReverseBids, useReverseLive, useSubmitQuote, useWatchRequest } from './reverse.api';
import { buyerName, displayStatus, memberSince, postedAgo, quoteImages, requestEndLine, requestTimeLeft, SHIPPING_LABEL, stateNote, URGENCY_LABEL } from './reverseRules';
import { ContactSellerDialog } from '../messaging/ContactSellerDialog';
import { WantedAlertOffer } from '../garage/WantedAlertOffer';
import { reverseContactTarget } from '../messaging/contactSeller';

/** /reverse-auctions/{id}: one wanted-part request (spec 000 "Reverse auction detail"). */
export function ReverseAuctionDetailPage() {
  const { id = '' } = useParams();
  const request = useReverseAuction(id);
  useReverseLive(id);
  if (request.isLoading) {
    return (
      <PageContainer>
        <p role="status" className="text-muted">
          Loading request...
        </p>
      </PageContainer>
    );
  }
  if (request.isError) {
    return (
      <PageContainer title="Reverse Auction">
        <p role="alert" className="text-red-700">
          Failed to fetch reverse auction
        </p>
      </PageContainer>
    );
  }
  if (!request.data) {
    return (
      <PageContainer title="Reverse Auction Not Found" className="max-w-xl text-center">
        <h1 className="text-2xl font-bold">Reverse Auction Not Found</h1>
        <p className="mt-2 text-muted">The request you're looking for doesn't exist or has been removed.</p>
        <ButtonLink to="/reverse-auctions" variant="outline" className="mt-6">
          Back to Reverse Auctions
        </ButtonLink>
      </PageContainer>
    );
  }
  return <Detail r={request.data} />;
}

function Detail({ r }: { r: ReverseAuctionDto }) {
  const now = useNow();
  const { user } = useAuth();
  const buyer = useBuyer(r.buyerId);
  const watch = useWatchRequest(r.id);
  const status = displayStatus(r, now);
  const note = stateNote(r, now);
  const ended = status === 'Ended';
  const isBuyer = user?.id === r.buyerId;
  const left = requestTimeLeft(r, now);
  const end = requestEndLine(r);

  return (
    <PageContainer title={r.title}>
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/" className="hover:underline">
          Home
        </Link>{' '}
        /{' '}
        <Link to="/reverse-auctions" className="hover:underline">
          Reverse Auctions
        </Link>{' '}
        / <span aria-current="page">{r.title}</span>
      </nav>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{r.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-muted">
            <span>Posted {postedAgo(r.createdAt, now)}</span>
            <span className="flex items-center gap-1">
              <Eye aria-hidden className="size-4" /> {r.watchers} watching
            </span>
            <span className="flex items-center gap-1">
              <Gavel aria-hidden className="size-4" /> {r.totalBids} quote{r.totalBids === 1 ? '' : 's'}
            </span>
          </p>
          {note && (
            <p data-testid="reverse-state-note" className="mt-1 text-sm font-medium text-muted">
              {note}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <span data-testid="reverse-status" className={cn('rounded-full px-3 py-1 text-sm font-medium', ended ? 'bg-black/10' : status === 'Ending Soon' ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800')}>
            {status}
          </span>
          <span className={cn('rounded-full px-3 py-1 text-sm font-medium', r.urgency === 'high' ? 'bg-red-600 text-white' : 'bg-black/5')}>{URGENCY_LABEL[r.urgency]}</span>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Part Request Details</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="whitespace-pre-line">{r.description}</p>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <Fact label="Make and model" value={[r.make, r.model].filter(Boolean).join(' ') || 'Any'} />
                <Fact label="Years" value={r.yearStart || r.yearEnd ? `${r.yearStart ?? '…'} - ${r.yearEnd ?? '…'}` : 'Any'} />
                <Fact label="Category" value={r.partCategory} />
                <Fact label="Condition" value={r.condition ?? 'Any'} />
                <Fact label="Location" value={r.location ?? 'Not given'} />
                <Fact label="Shipping" value={SHIPPING_LABEL[r.shippingPreference] ?? r.shippingPreference} />
              </dl>
            </CardContent>
          </Card>
          <QuoteList r={r} isBuyer={isBuyer} />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Budget & Quotes</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <Fact label="Maximum budget" value={formatUsdCents(r.maxBudget)} big />
              <Fact label="Current best quote" value={r.currentLowestBid ? formatUsdCents(r.currentLowestBid) : 'No quotes yet'} />
              <Fact label="Minimum decrease" value={formatUsdCents(r.minBidDecrement)} />
              {!ended && <SubmitQuote r={r} />}
              {r.status === 'ended' && r.awardStatus === null && r.awardDeadline && (
                <p className="text-muted">The buyer may award a quote until {formatDateTime(r.awardDeadline)}.</p>
              )}
              {r.awardStatus === 'awarded' && <p className="font-medium text-green-800">Awarded</p>}
              {isBuyer && r.awardStatus === 'unawarded' && <WantedAlertOffer requestId={r.id} />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Timer aria-hidden className="size-5" /> Time Remaining
              </CardTitle>
            </CardHeader>
            <CardContent data-testid="reverse-clock">
              <p className={cn('tabular text-2xl font-bold', left.urgent && 'text-red-700', left.final && 'motion-safe:animate-pulse')}>{left.text}</p>
              {end && (
                <p className="text-sm text-muted">
                  {end.label} {formatDateTime(end.at)}
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <User aria-hidden className="size-5" /> Buyer Information
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              {buyer.isError ? (
                <p role="alert" className="text-red-700">
                  Failed to fetch buyer
                </p>
              ) : (
                <>
                  <p className="font-medium">{buyerName(buyer.data)}</p>
                  <p className="text-muted">Member since {memberSince(buyer.data?.createdAt)}</p>
                  {buyer.data?.location && (
                    <p className="flex items-center gap-1 text-muted">
                      <MapPin aria-hidden className="size-4" /> {buyer.data.location}
                    </p>
                  )}
                  {!isBuyer && (
                    <ContactSellerDialog target={reverseContactTarget(r, buyerName(buyer.data))} variant="outline" className="mt-2">
                      <MessageSquare aria-hidden className="size-4" /> Message Buyer
                    </ContactSellerDialog>
                  )}
                </>
              )}
            </CardContent>
          </Card>
          {!isBuyer && (
            <Button
              variant="outline"
              disabled={r.isWatching || watch.isPending || watch.isSuccess}
              onClick={() => {
                if (!user) {
                  toast({ title: 'Sign In Required', description: 'Please sign in to watch this request.', variant: 'destructive' });
                  return;
                }
                watch.mutate(undefined, {
                  onError: (error) => toast({ title: 'Failed to Watch', description: describeError(error).message, variant: 'destructive' }),
                });
              }}
            >
              {r.isWatching || watch.isSuccess ? 'Watching' : 'Watch This Request'}
            </Button>
          )}
        </div>
      </div>
    </PageContainer>
  );
}

function Fact({ label, value, big }: { label: string; value: string; big?: boolean }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={cn('font-medium', big && 'text-2xl font-bold')}>{value}</dd>
    </div>
  );
}

/** Submit Quote: approved sellers; the dialog shows the maximum the quote may be. */
function SubmitQuote({ r }: { r: ReverseAuctionDto }) {
  const { user } = useAuth();
  const submit = useSubmitQuote(r.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  if (!user || !hasRole(user.role, 'seller') || user.id === r.buyerId) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (photos.some((p) => p.status !== 'uploaded')) {
      toast(SELL_MESSAGES.uploading);
      return;
    }
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    submit.mutate(
      {
        bidAmount: text('bidAmount') ?? '',
        partCondition: text('partCondition'),
        partLocation: text('partLocation'),
        estimatedShipping: text('estimatedShipping'),
        availabilityDate: text('availabilityDate'),
        notes: text('notes'),
        images: quoteImages(photos),
      },
      {
        onSuccess: () => {
          setOpen(false);
          setError(undefined);
          setPhotos([]);
          toast({ title: 'Quote Submitted', description: 'The buyer has been told about your quote.' });
        },
        onError: (e) => setError(describeError(e).message),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closing unmounts the uploader, which stops its uploads: start again from no photos.
        if (!next) setPhotos([]);
      }}
      size="lg"
      title="Submit Quote"
      description={r.maximumQuote ? `Your quote can be at most ${formatUsdCents(r.maximumQuote)}.` : 'No lower quote can be made.'}
      trigger={
        <Button className="mt-2" disabled={r.status !== 'active'}>
          Submit Quote
        </Button>
      }
    >
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextField name="bidAmount" label="Quote amount ($)" type="number" step="0.01" min="0.01" max={r.maximumQuote ?? undefined} required error={error} />
        <TextField name="partCondition" label="Part condition" hint="(optional)" />
        <TextField name="partLocation" label="Part location" hint="(optional)" />
        <TextField name="estimatedShipping" label="Shipping estimate ($)" type="number" step="0.01" min="0" hint="(optional)" />
        <TextField name="availabilityDate" label="Available from" type="date" hint="(optional)" />
        <TextAreaField name="notes" label="Notes" hint="(optional)" />
        <PhotoUploader photos={photos} setPhotos={setPhotos} disabled={submit.isPending} />
        <FormActions submitLabel="Submit Quote" pendingLabel="Submitting..." pending={submit.isPending} />
      </form>
    </FormDialog>
  );
}

function QuoteList({ r, isBuyer }: { r: ReverseAuctionDto; isBuyer: boolean }) {
  const bids = useReverseBids(r.id);
  const award = useAwardQuote(r.id);
  const canAward = isBuyer && r.awardStatus === null && (r.status === 'active' || r.status === 'ended');
  const items = bids.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quotes</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-muted">No quotes yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Quotes">
            {items.map((q) => (
              <li key={q.id} className={cn('rounded-md border border-black/10 p-3', q.isWinning && 'border-green-600 bg-green-50')}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-lg font-bold">{formatUsdCents(q.bidAmount)}</span>
                  <span className="text-xs text-muted">{formatDateTime(q.createdAt)}</span>
                </div>
                <QuoteFacts q={q} />
                {q.isWinning && <p className="mt-1 text-sm font-medium text-green-800">Winning quote</p>}
                {canAward && <AwardButton q={q} onAward={() => award.mutate(q.id, { onSuccess: () => toast({ title: 'Quote Accepted', description: 'The seller has been told.' }), onError: (e) => toast({ title: 'Award Failed', description: describeError(e).message, variant: 'destructive' }) })} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function QuoteFacts({ q }: { q: ReverseBidDto }) {
  if (!q.sellerId) return null;
  return (
    <div className="mt-1 grid gap-1 text-sm">
      <p>
        {q.storefrontSlug ? (
          <Link to={`/storefront/${q.storefrontSlug}`} className="font-medium hover:underline">
            {q.sellerName}
          </Link>
        ) : (
          <span className="font-medium">{q.sellerName}</span>
        )}
        {q.isMine && <span className="ml-2 text-xs text-muted">(your quote)</span>}
        {q.sellerReviews ? <span className="ml-2 text-muted">★ {q.sellerRating?.toFixed(1)} ({q.sellerReviews})</span> : null}
      </p>
      <p className="text-muted">
        {[q.partCondition, q.partLocation, q.estimatedShipping ? `shipping ${formatUsdCents(q.estimatedShipping)}` : null, q.availabilityDate ? `available ${q.availabilityDate}` : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {q.notes && <p className="whitespace-pre-line">{q.notes}</p>}
      {q.images && q.images.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="Quote photos">
          {q.images.map((image, index) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img src={image.url} alt={image.altText ?? `Quote photo ${index + 1}`} loading="lazy" className="size-20 rounded border border-line object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AwardButton({ q, onAward }: { q: ReverseBidDto; onAward: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" className="mt-2">
          Award
        </Button>
      }
      title="Award this quote?"
      description={`You accept ${q.sellerName ?? 'this seller'}'s quote of ${formatUsdCents(q.bidAmount)}. The request ends and the other sellers are told.`}
      confirmLabel="Award Quote"
      onConfirm={onAward}
    />
  );
}
