import { useState, type FormEvent } from 'react';
import { Settings2, Tag } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { PartDto } from '../../../modules/catalog/part.dto';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { FormActions, FormDialog } from '../../components/FormDialog';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatUsd, formatUsdCents } from '../../lib/format';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { useMakeOffer, useOfferPrices, useOffers, useSaveOfferPrices } from './offers.api';
import { amountError, amountValue, timeLeft, waitingText } from './offerFormat';

type OfferPart = Pick<PartDto, 'id' | 'title' | 'price' | 'sellerId' | 'sellerName'>;

/**
 * The part page's Make an Offer: a dialog with the amount and an optional message, and below it the buyer's
 * own open offers on the part. The part's seller sees the Offer Settings (auto-accept and auto-decline) instead.
 */
export function MakeOfferDialog({ part }: { part: OfferPart }) {
  const { user } = useAuth();
  if (user && user.id === part.sellerId) return <OfferSettingsDialog partId={part.id} />;
  return <MakeOffer part={part} signedIn={user !== null} />;
}

function MakeOffer({ part, signedIn }: { part: OfferPart; signedIn: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const make = useMakeOffer(part.id);

  const onOpenChange = (next: boolean) => {
    if (next && !signedIn) {
      requireSignIn('Please sign in to make an offer.');
      return;
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountError(amount);
    setError(problem);
    if (problem || make.isPending) return;
    make.mutate(
      { amount: amountValue(amount), ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: (offer) => {
          setOpen(false);
          setAmount('');
          setMessage('');
          if (offer.status === 'accepted') {
            toast({ title: 'Offer Accepted', description: `The seller accepted ${formatUsdCents(offer.amount)}. Pay to complete the purchase.` });
            if (offer.orderId) void navigate(`/checkout/${offer.orderId}`);
          } else if (offer.status === 'declined') {
            toast({ title: 'Offer Declined', description: offer.declineReason ?? 'The seller is not able to accept this offer.' });
          } else {
            toast({ title: 'Offer Sent', description: `The seller has 48 hours to answer your offer of ${formatUsdCents(offer.amount)}.` });
          }
        },
        onError: (e) => {
          const details = describeError(e, 'We could not send your offer. Please try again.');
          setError(details.fieldErrors.amount ?? null);
          toast({ title: 'Offer Not Sent', description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="grid gap-2">
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Make an Offer"
        description={
          <>
            {part.title} · Asking {formatUsd(part.price)}. {part.sellerName ?? 'The seller'} has 48 hours to accept, decline or counter.
          </>
        }
        trigger={
          <Button variant="outline">
            <Tag aria-hidden className="size-4" /> Make an Offer
          </Button>
        }
      >
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <TextField
            label="Your offer (USD)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={error ?? undefined}
            required
          />
          <TextAreaField label="Message" hint="(optional)" name="message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={1000} />
          <FormActions submitLabel="Send Offer" pendingLabel="Sending..." pending={make.isPending} />
        </form>
      </FormDialog>
      {signedIn && <YourOffers partId={part.id} />}
    </div>
  );
}

/** The buyer's open (and just accepted) offers on this part, under the button. */
function YourOffers({ partId }: { partId: string }) {
  const offers = useOffers({ partId, limit: 5 });
  const shown = (offers.data?.items ?? []).filter((o) => o.status === 'open' || (o.status === 'accepted' && o.orderId));
  if (!shown.length) return null;
  return (
    <ul className="grid gap-1 text-sm" aria-label="Your offers on this part">
      {shown.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center gap-x-2 rounded-md border border-line bg-surface px-3 py-2">
          <span className="font-medium">Your offer: {formatUsdCents(o.amount)}</span>
          <span className="text-muted">
            {o.status === 'accepted' ? 'Accepted' : waitingText(o)} {o.status === 'open' ? `· ${timeLeft(o.expiresAt)}` : ''}
          </span>
          {o.status === 'accepted' && o.orderId ? (
            <Link to={`/checkout/${o.orderId}`} className="font-medium text-racing hover:underline">
              Pay now
            </Link>
          ) : (
            <Link to={`/offers/${o.id}`} className="font-medium text-racing hover:underline">
              View
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The seller's automatic answers for this part; never shown to buyers. */
function OfferSettingsDialog({ partId }: { partId: string }) {
  const [open, setOpen] = useState(false);
  const prices = useOfferPrices(partId, open);
  const save = useSaveOfferPrices(partId);
  const [accept, setAccept] = useState<string | null>(null);
  const [decline, setDecline] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const acceptValue = accept ?? prices.data?.autoAcceptPrice ?? '';
  const declineValue = decline ?? prices.data?.autoDeclinePrice ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (acceptValue.trim() && amountError(acceptValue)) found.autoAcceptPrice = amountError(acceptValue)!;
    if (declineValue.trim() && amountError(declineValue)) found.autoDeclinePrice = amountError(declineValue)!;
    setErrors(found);
    if (Object.keys(found).length || save.isPending) return;
    save.mutate(
      { autoAcceptPrice: acceptValue.trim() ? amountValue(acceptValue) : null, autoDeclinePrice: declineValue.trim() ? amountValue(declineValue) : null },
      {
        onSuccess: () => {
          toast({ title: 'Offer Settings Saved' });
          setOpen(false);
          setAccept(null);
          setDecline(null);
        },
        onError: (e) => {
          const details = describeError(e);
          setErrors(details.fieldErrors);
          toast({ title: 'Settings Not Saved', description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Offer Settings"
      description="Answer offers automatically. Buyers never see these prices; leave a field empty to answer yourself."
      trigger={
        <Button variant="outline">
          <Settings2 aria-hidden className="size-4" /> Offer Settings
        </Button>
      }
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <TextField label="Auto-accept at or above (USD)" name="autoAcceptPrice" inputMode="decimal" value={acceptValue} onChange={(e) => setAccept(e.target.value)} error={errors.autoAcceptPrice} />
        <TextField label="Auto-decline below (USD)" name="autoDeclinePrice" inputMode="decimal" value={declineValue} onChange={(e) => setDecline(e.target.value)} error={errors.autoDeclinePrice} />
        <FormActions submitLabel="Save Settings" pendingLabel="Saving..." pending={save.isPending} disabled={prices.isLoading} />
      </form>
    </FormDialog>
  );
}
