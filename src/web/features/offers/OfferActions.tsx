import { useState, type FormEvent } from 'react';
import { Check, Reply, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { OfferDto } from '../../../modules/offers/offer.dto';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { FormActions } from '../../components/FormDialog';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatUsdCents } from '../../lib/format';
import { useAnswerOffer } from './offers.api';
import { amountError, amountValue, counterLabel } from './offerFormat';

type Mode = 'idle' | 'decline' | 'counter';

/**
 * Accept, decline (with an optional reason) or counter, for the side whose turn it is; nothing for the other side.
 * A buyer who accepts goes on to the checkout of the new order.
 */
export function OfferActions({ offer }: { offer: OfferDto }) {
  const answer = useAnswerOffer(offer.id);
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('idle');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!offer.canAccept && !offer.canDecline && !offer.canCounter) return null;
  const label = counterLabel(offer);
  const failed = (title: string) => (e: unknown) => {
    const details = describeError(e);
    if (details.fieldErrors.amount) setError(details.fieldErrors.amount);
    toast({ title, description: details.message, variant: 'destructive' });
  };

  const accept = () => {
    if (answer.isPending) return;
    answer.mutate(
      { action: 'accept' },
      {
        onSuccess: (o) => {
          toast({
            title: 'Offer Accepted',
            description: o.yourSide === 'buyer' ? 'Your order is ready: pay to complete the purchase.' : `Sold to ${o.buyerName} for ${formatUsdCents(o.amount)}.`,
          });
          // The buyer goes straight to paying for the order the acceptance created.
          if (o.yourSide === 'buyer' && o.orderId) void navigate(`/checkout/${o.orderId}`);
        },
        onError: failed('Could Not Accept'),
      },
    );
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    answer.mutate(
      { action: 'decline', ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => toast({ title: 'Offer Declined' }), onError: failed('Could Not Decline') },
    );
  };
  const counter = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountError(amount, offer.floorAmount);
    setError(problem);
    if (problem || answer.isPending) return;
    answer.mutate(
      { action: 'counter', amount: amountValue(amount), ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Counter-offer Sent', description: `You proposed ${formatUsdCents(amountValue(amount))}.` });
          setMode('idle');
          setAmount('');
          setMessage('');
        },
        onError: failed('Could Not Send'),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {offer.canAccept && (
          <Button onClick={accept} disabled={answer.isPending}>
            <Check aria-hidden className="size-4" /> {answer.isPending && answer.variables?.action === 'accept' ? 'Accepting...' : `Accept ${formatUsdCents(offer.amount)}`}
          </Button>
        )}
        {offer.canCounter && (
          <Button variant="outline" onClick={() => setMode(mode === 'counter' ? 'idle' : 'counter')} aria-expanded={mode === 'counter'}>
            <Reply aria-hidden className="size-4" /> {label}
          </Button>
        )}
        {offer.canDecline && (
          <Button variant="ghost" onClick={() => setMode(mode === 'decline' ? 'idle' : 'decline')} aria-expanded={mode === 'decline'}>
            <X aria-hidden className="size-4" /> Decline
          </Button>
        )}
      </div>
      {mode === 'counter' && (
        <form onSubmit={counter} className="grid gap-3 rounded-md border border-line p-3" noValidate aria-label={label}>
          <TextField
            label="Amount (USD)"
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={error ?? undefined}
            hint={offer.floorAmount ? `(at least ${formatUsdCents(offer.floorAmount)})` : undefined}
            required
          />
          <TextAreaField label="Message" hint="(optional)" name="message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={1000} />
          <FormActions submitLabel="Send Counter-offer" pendingLabel="Sending..." pending={answer.isPending} onCancel={() => setMode('idle')} />
        </form>
      )}
      {mode === 'decline' && (
        <form onSubmit={decline} className="grid gap-3 rounded-md border border-line p-3" noValidate aria-label="Decline">
          <TextAreaField label="Reason" hint="(optional)" name="reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          <FormActions submitLabel="Confirm Decline" pendingLabel="Declining..." pending={answer.isPending} onCancel={() => setMode('idle')} />
        </form>
      )}
    </div>
  );
}
