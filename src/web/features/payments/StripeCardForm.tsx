import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe runs (the plain one injects it on import).
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { Button } from '../../components/Button';
import { formatAmount } from './orderFormat';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** What is charged (a decimal string). */
  amount: string;
  /** The order page, where the provider sends the buyer back after a redirect-based method. */
  returnUrl: string;
  /** The card was accepted: the order turns paid once the provider's event arrives. */
  onConfirmed: () => void;
}

/** The card form with Stripe Elements (loaded only when the provider is Stripe). Card details go to Stripe, never to us. */
export default function StripeCardForm({ publishableKey, clientSecret, amount, returnUrl, onConfirmed }: StripeCardFormProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#C8102E' } } }}>
      <CardForm amount={amount} returnUrl={returnUrl} onConfirmed={onConfirmed} />
    </Elements>
  );
}

function CardForm({ amount, returnUrl, onConfirmed }: Pick<StripeCardFormProps, 'amount' | 'returnUrl' | 'onConfirmed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPending(true);
    setError(null);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
    setPending(false);
    if (result.error) {
      setError(result.error.message ?? 'Your card was not charged. Please check the details and try again.');
      return;
    }
    onConfirmed();
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Card payment">
      <PaymentElement />
      {error && (
        <p role="alert" className="rounded-md border border-racing/40 bg-racing/5 p-3 text-sm text-racing">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!stripe || !elements || pending}>
        <Lock aria-hidden className="size-4" />
        {pending ? 'Paying...' : `Pay ${formatAmount(amount)}`}
      </Button>
    </form>
  );
}
