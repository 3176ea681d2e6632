import { lazy, Suspense, useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, ShieldCheck, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { describeError } from '../../lib/api';
import { useRevealOnChange } from '../../lib/useRevealOnChange';
import type { CheckoutDto, OrderDto } from '../../../modules/payments/order.dto';
import { useAuth } from '../accounts/useAuth';
import { CheckoutDetailsForm } from './CheckoutDetailsForm';
import { formatAmount, paymentOutcome } from './orderFormat';
import { OrderSummary } from './OrderSummary';
import { useOrder, useTestConfirm } from './payments.api';
import { ReservationCountdown } from './ReservationCountdown';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** While a confirmed payment waits for the provider's event, the order is re-read this often. */
const CONFIRMING_POLL_MS = 1500;
/** After this long without the provider's answer the page says the buyer may leave (the mail follows). */
const CONFIRMING_PATIENCE_MS = 60_000;

const failedCharges = (order: OrderDto) => order.payments.filter((p) => p.kind === 'charge' && p.status === 'failed').length;

/** A payment the buyer confirmed and the page is waiting on: failures already known before it do not count. */
interface Confirming {
  failedBefore: number;
}

/** /checkout/{orderId}: the buyer's shipping address, escrow and Final Sale choices, then the card form or test mode. */
export function CheckoutPage() {
  const { orderId = '' } = useParams();
  const { user } = useAuth();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [declined, setDeclined] = useState(false);
  const order = useOrder(orderId, { refetchInterval: confirming ? CONFIRMING_POLL_MS : false });
  // A declined card arrives as a failed charge: stop waiting and let the buyer try again.
  const failedNow = order.data ? failedCharges(order.data) : 0;
  useEffect(() => {
    if (confirming && order.data && paymentOutcome(order.data) === 'failed' && failedNow > confirming.failedBefore) {
      setConfirming(null);
      setDeclined(true);
    }
  }, [confirming, failedNow, order.data]);

  if (order.isPending) return <CheckoutSkeleton />;
  if (order.isError) {
    const { status } = describeError(order.error);
    return status === 404 ? <OrderNotFound /> : <CheckoutLoadError onRetry={() => void order.refetch()} />;
  }
  const data = order.data;
  if (user && data.buyerId !== user.id) {
    return (
      <MessageCard icon={CircleAlert} title="Not Your Checkout" description="Only the buyer of this order can pay for it.">
        <ButtonLink to={`/account/orders/${data.id}`}>View order</ButtonLink>
      </MessageCard>
    );
  }
  if (data.state === 'cancelled') return <CheckoutCancelled order={data} />;
  if (data.state !== 'pending_payment') return <CheckoutPaid order={data} />;
  return (
    <Checkout
      order={data}
      confirming={confirming !== null}
      declined={declined}
      onConfirmed={() => {
        setDeclined(false);
        setConfirming({ failedBefore: failedCharges(data) });
      }}
      onExpired={() => void order.refetch()}
    />
  );
}

function Checkout({
  order,
  confirming,
  declined,
  onConfirmed,
  onExpired,
}: {
  order: OrderDto;
  confirming: boolean;
  declined: boolean;
  onConfirmed: () => void;
  onExpired: () => void;
}) {
  const [checkout, setCheckout] = useState<CheckoutDto | null>(null);
  // The payment step (and back) starts at its top, not where the button that led to it was.
  const step = useRevealOnChange<HTMLDivElement>(checkout === null ? 'details' : 'payment');

  return (
    <PageContainer title="Checkout">
      <h1 className="mb-6 text-2xl font-bold tracking-tight md:text-3xl">Checkout</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
        <div className="grid min-w-0 content-start gap-6 lg:row-start-1">
          <ReservationCountdown expiresAt={order.payBy} onExpired={onExpired} />
          {!order.sellerPayoutsReady && <SellerPayoutsPending reason={order.waitingReason} />}
          {declined && (
            <p role="alert" className="flex gap-2 rounded-md border border-racing/40 bg-racing/5 p-3 text-sm text-racing">
              <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              Your payment was declined and nothing was charged. Check the card details or use another card, then pay again.
            </p>
          )}
          <div ref={step} tabIndex={-1} className="grid min-w-0 gap-6 outline-none">
            {checkout === null ? (
              <CheckoutDetailsForm order={order} onReady={setCheckout} />
            ) : (
              <PaymentStep order={order} checkout={checkout} confirming={confirming} onConfirmed={onConfirmed} onBack={() => setCheckout(null)} />
            )}
          </div>
        </div>
        <aside className="grid content-start gap-4 lg:col-start-2 lg:row-start-1" aria-label="Your order">
          <OrderSummary order={order} />
          <p className="flex gap-2 text-xs text-muted">
            <ShieldCheck aria-hidden className="size-4 shrink-0 text-success" />
            Payments are handled by our card payment provider. Pitlane never sees your full card number.
          </p>
        </aside>
      </div>
    </PageContainer>
  );
}

/** The seller has not finished their payout setup: the order waits and the buyer knows why. */
function SellerPayoutsPending({ reason }: { reason: string | null }) {
  return (
    <p role="status" className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {reason ?? 'The seller is still setting up their payouts, so this order cannot be paid yet.'} Your order is saved: we'll email you
        as soon as you can pay.
      </span>
    </p>
  );
}

function PaymentStep({
  order,
  checkout,
  confirming,
  onConfirmed,
  onBack,
}: {
  order: OrderDto;
  checkout: CheckoutDto;
  confirming: boolean;
  onConfirmed: () => void;
  onBack: () => void;
}) {
  const testConfirm = useTestConfirm(order.id);
  const [failure, setFailure] = useState<string | null>(null);

  function payInTestMode() {
    if (testConfirm.isPending || confirming) return;
    setFailure(null);
    testConfirm.mutate(undefined, {
      onSuccess: onConfirmed,
      onError: (error) => setFailure(describeError(error, 'The payment did not go through. Please try again.').message),
    });
  }

  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-bold">Payment</h2>
        {checkout.escrow.choice === 'escrow' && (
          <p className="text-sm text-muted">
            You chose escrow: your payment is held and released to the seller only after you confirm the part is as described, or
            when the inspection period ends.
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {confirming ? (
          <ConfirmingNotice orderId={order.id} />
        ) : !checkout.testMode && checkout.provider === 'stripe' && checkout.publishableKey ? (
          <Suspense fallback={<Skeleton className="h-40" />}>
            <StripeCardForm
              publishableKey={checkout.publishableKey}
              clientSecret={checkout.clientSecret}
              amount={checkout.amount}
              returnUrl={`${window.location.origin}/account/orders/${order.id}`}
              onConfirmed={onConfirmed}
            />
          </Suspense>
        ) : !checkout.testMode ? (
          <p role="alert" className="rounded-md border border-racing/40 bg-racing/5 p-3 text-sm text-racing">
            Card payments are not available right now. Nothing was charged; please try again later.
          </p>
        ) : (
          <>
            <p role="note" className="rounded-md border border-dashed border-graphite/40 bg-paper p-3 text-sm font-medium">
              Test mode: no card is charged
            </p>
            {failure && (
              <p role="alert" className="flex gap-2 rounded-md border border-racing/40 bg-racing/5 p-3 text-sm text-racing">
                <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" /> {failure}
              </p>
            )}
            <Button size="lg" onClick={payInTestMode} disabled={testConfirm.isPending}>
              {testConfirm.isPending ? 'Paying...' : `Pay ${formatAmount(checkout.amount)}`}
            </Button>
          </>
        )}
        {!confirming && (
          <Button variant="ghost" className="justify-self-start" onClick={onBack}>
            Change shipping details
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Waiting for the provider's event; after a minute the buyer learns they may leave (the mail and the order page follow). */
function ConfirmingNotice({ orderId }: { orderId: string }) {
  const [patient, setPatient] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(true), CONFIRMING_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" className="grid gap-2 rounded-md bg-paper p-3 text-sm">
      <p>Confirming your payment...</p>
      {patient && (
        <p className="text-muted">
          This is taking longer than usual. You can leave this page: we'll email you when the payment is confirmed, and{' '}
          <Link to={`/account/orders/${orderId}`} className="text-racing hover:underline">
            your order
          </Link>{' '}
          shows its state.
        </p>
      )}
    </div>
  );
}

/** The order is paid (or further along): the success state with the way to the order. */
function CheckoutPaid({ order }: { order: OrderDto }) {
  return (
    <PageContainer narrow title="Order Paid">
      <Card>
        <CardHeader>
          <CircleCheck aria-hidden className="size-10 text-success" />
          <h1 className="text-2xl font-bold tracking-tight">Payment received</h1>
          <p className="text-muted">
            Thank you! Your order for <span className="font-medium text-ink">{order.partTitle}</span> is paid. The seller ships within
            72 hours and we'll email you the tracking number.
          </p>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <ButtonLink to={`/account/orders/${order.id}`}>View order</ButtonLink>
          <ButtonLink to="/search" variant="outline">
            Keep browsing
          </ButtonLink>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function CheckoutCancelled({ order }: { order: OrderDto }) {
  return (
    <MessageCard
      icon={XCircle}
      title="Order Cancelled"
      description="This order was cancelled and can no longer be paid. If the reservation ran out, the part may still be available."
      actionsClassName="flex flex-wrap gap-2"
    >
      {order.partId && <ButtonLink to={`/parts/${order.partId}`}>View the part</ButtonLink>}
      <ButtonLink to="/account/orders" variant="outline">
        Your orders
      </ButtonLink>
    </MessageCard>
  );
}

function OrderNotFound() {
  return (
    <MessageCard title="Order Not Found" description="The order you're looking for doesn't exist or isn't yours.">
      <ButtonLink to="/account/orders">Your orders</ButtonLink>
    </MessageCard>
  );
}

function CheckoutLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <MessageCard title="Checkout Unavailable" description="We could not load this order. Please try again in a moment." actionsClassName="flex gap-2">
      <Button onClick={onRetry}>Try again</Button>
      <Link to="/account/orders" className="self-center text-sm text-racing hover:underline">
        Your orders
      </Link>
    </MessageCard>
  );
}

function CheckoutSkeleton() {
  return (
    <PageContainer>
      <div aria-busy="true" aria-label="Loading checkout" className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-4">
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    </PageContainer>
  );
}
