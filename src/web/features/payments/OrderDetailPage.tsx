import type { ReactNode } from 'react';
import { ArrowLeft, CircleCheck, PackageCheck, ShieldCheck, Truck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { useAuth } from '../accounts/useAuth';
import { OrderAfterSaleActions } from './OrderAfterSaleActions';
import { orderStateLabel } from './orderFormat';
import { OrderStateChip } from './OrderStateChip';
import { OrderSummary } from './OrderSummary';
import { useOrder, useOrderAction, type OrderAction } from './payments.api';
import { ShipOrderDialog } from './ShipOrderDialog';

/** /account/orders/{id}: the order's item and amounts, its history, tracking and the actions its state allows. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const order = useOrder(id);

  if (order.isPending) return <OrderSkeleton />;
  if (order.isError) {
    if (describeError(order.error).status === 404) {
      return (
        <MessageCard title="Order Not Found" description="The order you're looking for doesn't exist or isn't yours.">
          <ButtonLink to="/account/orders">Your orders</ButtonLink>
        </MessageCard>
      );
    }
    return (
      <MessageCard title="Order Unavailable" description="We could not load this order. Please try again in a moment.">
        <Button onClick={() => void order.refetch()}>Try again</Button>
      </MessageCard>
    );
  }
  const data = order.data;
  // The server says which side the viewer is on (an admin is neither buyer nor seller here).
  const isBuyer = data.viewerRole === 'buyer' || user?.id === data.buyerId;
  const isSeller = data.viewerRole === 'seller' || user?.id === data.sellerId;

  return (
    <PageContainer title={`Order ${data.partTitle}`} className="grid gap-6">
      <Link to={isSeller && !isBuyer ? '/my-sales' : '/account/orders'} className="inline-flex items-center gap-1 text-sm text-muted hover:text-racing">
        <ArrowLeft aria-hidden className="size-4" /> {isSeller && !isBuyer ? 'Your sales' : 'Your orders'}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Order details</h1>
        <OrderStateChip state={data.state} className="text-sm" />
        <p className="w-full text-sm text-muted">
          Order <span className="font-mono">{data.id}</span> · placed {formatDateTime(data.createdAt)}
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
        <div className="grid min-w-0 content-start gap-6">
          {isBuyer && <BuyerActions order={data} />}
          {isSeller && data.actions.canShip && (
            <Card className="flex flex-wrap items-center gap-3 p-4">
              <p className="flex-1 text-sm">Paid and waiting for you to ship. Add the carrier and tracking number once it is on its way.</p>
              <ShipOrderDialog orderId={data.id} partTitle={data.partTitle} />
            </Card>
          )}
          {data.trackingNumber && <TrackingCard carrier={data.carrier} trackingNumber={data.trackingNumber} shippedAt={data.shippedAt} />}
          {data.escrow.choice === 'escrow' && <EscrowCard order={data} />}
          <HistoryCard order={data} />
          {isBuyer && <OrderAfterSaleActions order={data} />}
        </div>
        <aside className="grid content-start gap-4" aria-label="Item and amounts">
          <OrderSummary order={data} heading="Item" />
          {data.shippingAddress && (
            <Card>
              <CardHeader className="pb-2">
                <h2 className="text-lg font-bold">Ship to</h2>
              </CardHeader>
              <CardContent>
                <address className="text-sm not-italic">
                  {[
                    data.shippingAddress.name,
                    data.shippingAddress.line1,
                    data.shippingAddress.line2,
                    [data.shippingAddress.city, data.shippingAddress.region, data.shippingAddress.postalCode].filter(Boolean).join(', '),
                    data.shippingAddress.country,
                  ]
                    .filter(Boolean)
                    .map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                </address>
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
    </PageContainer>
  );
}

/** What the buyer can do now: pay, confirm delivery, cancel. */
function BuyerActions({ order }: { order: OrderDto }) {
  const action = useOrderAction(order.id);
  const { canPay, canConfirm, canCancel } = order.actions;
  // A paid order that has not shipped is cancelled by its seller (with a full refund), not by the buyer.
  const askSeller = order.viewerRole === 'buyer' && !canCancel && Boolean(order.paidAt) && !order.shippedAt && (order.state === 'paid' || order.state === 'partially_refunded');
  if (!canPay && !canConfirm && !canCancel && !askSeller) return null;

  function run(kind: OrderAction) {
    if (action.isPending) return;
    action.mutate(kind, {
      onSuccess: () =>
        toast(
          kind === 'cancel'
            ? { title: 'Order Cancelled', description: 'Your order was cancelled.' }
            : { title: 'Delivery Confirmed', description: 'Thank you! We have let the seller know.' },
        ),
      onError: (error) =>
        toast({
          title: kind === 'cancel' ? 'Could Not Cancel' : 'Could Not Confirm Delivery',
          description: describeError(error).message,
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card className="grid gap-3 p-4">
      {canPay && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm">
            {order.sellerPayoutsReady
              ? `This order is waiting for your payment.${order.payBy ? ` Pay by ${formatDateTime(order.payBy)} or it is cancelled.` : ''}`
              : (order.waitingReason ?? 'The seller is still setting up their payouts; you can pay as soon as they are done.')}
          </p>
          <ButtonLink to={`/checkout/${order.id}`}>Continue to checkout</ButtonLink>
        </div>
      )}
      {canConfirm && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm">Has the part arrived? Confirm delivery once you have it.</p>
          <ConfirmButton
            label={action.isPending && action.variables === 'confirm-delivery' ? 'Confirming...' : 'Confirm delivery'}
            icon={<PackageCheck aria-hidden className="size-4" />}
            title="Confirm delivery?"
            description={
              order.escrow.choice === 'escrow'
                ? 'Confirm only once you have the part and checked that it is as described: the held payment is then released to the seller.'
                : 'Confirm only once you have the part in your hands. The return window starts from delivery.'
            }
            confirmLabel="Yes, I have it"
            disabled={action.isPending}
            onConfirm={() => run('confirm-delivery')}
          />
        </div>
      )}
      {askSeller && (
        <p className="text-sm text-muted">
          Changed your mind before it ships? Ask the seller to cancel the order: they can until it ships, and you are refunded in full.
        </p>
      )}
      {canCancel && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm text-muted">Changed your mind before it ships?</p>
          <ConfirmButton
            label={action.isPending && action.variables === 'cancel' ? 'Cancelling...' : 'Cancel order'}
            variant="outline"
            title="Cancel this order?"
            description="The order is cancelled and the part is released. Any payment is refunded to your card."
            confirmLabel="Cancel order"
            disabled={action.isPending}
            onConfirm={() => run('cancel')}
          />
        </div>
      )}
    </Card>
  );
}

function ConfirmButton({
  label,
  icon,
  variant,
  title,
  description,
  confirmLabel,
  disabled,
  onConfirm,
}: {
  label: string;
  icon?: ReactNode;
  variant?: 'primary' | 'outline';
  title: string;
  description: string;
  confirmLabel: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} disabled={disabled}>
          {icon}
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel="Not yet"
      onConfirm={onConfirm}
    />
  );
}

function TrackingCard({ carrier, trackingNumber, shippedAt }: { carrier: string | null; trackingNumber: string; shippedAt: string | null }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Truck aria-hidden className="size-5" /> Tracking
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">Carrier</dt>
          <dd className="font-medium">{carrier ?? '—'}</dd>
          <dt className="text-muted">Tracking number</dt>
          <dd className="font-mono" data-testid="tracking-number">
            {trackingNumber}
          </dd>
          {shippedAt && (
            <>
              <dt className="text-muted">Shipped</dt>
              <dd>{formatDateTime(shippedAt)}</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Escrow orders: the money is held until the buyer accepts the part or the inspection period ends. */
function EscrowCard({ order }: { order: OrderDto }) {
  const { escrow } = order;
  return (
    <Card className="border-green-200">
      <CardContent className="grid gap-2 pt-6 text-sm">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck aria-hidden className="size-5 text-success" /> Escrow protection
        </h2>
        {escrow.releasedAt ? (
          <p>The payment was released to the seller on {formatDateTime(escrow.releasedAt)}.</p>
        ) : escrow.inspectionEndsAt ? (
          <p>
            Your payment is held. Inspect the part: confirm it is as described, or request a return before{' '}
            <span className="font-semibold">{formatDateTime(escrow.inspectionEndsAt)}</span>. After that the payment is released to the
            seller.
          </p>
        ) : (
          <p>Your payment is held and released to the seller only after delivery, when you confirm the part is as described or the 3-day inspection period ends.</p>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryCard({ order }: { order: OrderDto }) {
  const events = [...order.history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-bold">History</h2>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 border-l-2 border-line pl-4" aria-label="Order history">
          {events.map((event, index) => (
            <li key={`${event.state}-${event.at}-${index}`} className="relative grid gap-0.5 text-sm">
              <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full border-2 border-surface bg-racing" />
              <span className="flex items-center gap-2 font-medium">
                {index === events.length - 1 && <CircleCheck aria-hidden className="size-4 text-success" />}
                {orderStateLabel(event.state)}
              </span>
              <time dateTime={event.at} className="text-muted">
                {formatDateTime(event.at)}
              </time>
              {event.note && <span className="text-muted">{event.note}</span>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function OrderSkeleton() {
  return (
    <PageContainer>
      <div aria-busy="true" aria-label="Loading order" className="grid gap-6">
        <Skeleton className="h-9 w-56" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid content-start gap-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
          <Skeleton className="h-72 w-full" />
        </div>
      </div>
    </PageContainer>
  );
}
