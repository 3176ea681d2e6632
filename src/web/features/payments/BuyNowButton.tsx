import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { toast } from '../../components/toast';
import { describeError, listQueryFn } from '../../lib/api';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { ORDERS_PATH, RECENT_ORDERS, useBuyNow } from './payments.api';

const SIGN_IN_MESSAGE = 'Please sign in to buy this part.';

/** The buyer's own open (unpaid) order of this part, if any, from their newest purchases. */
export function openOrderFor(orders: readonly OrderDto[], partId: string): OrderDto | undefined {
  return orders.find((o) => o.partId === partId && o.actions.canPay);
}

/**
 * Buy Now on a fixed-price part, for members other than its seller: reserves the part in a new order and goes to
 * checkout. A buyer who already has an open order of the part sees "Continue to checkout" instead. Signed out, it
 * shows too and sends the visitor to sign in, back to the part afterwards (issue 34).
 */
export function BuyNowButton({ partId, sellerId }: { partId: string; sellerId: string }) {
  const { user, isLoading: authLoading } = useAuth();
  const navigate = useNavigate();
  const buyNow = useBuyNow();
  const eligible = user !== null && user.id !== sellerId;
  const recent = useQuery({
    queryKey: [ORDERS_PATH, RECENT_ORDERS],
    queryFn: listQueryFn<OrderDto>(),
    enabled: eligible,
    select: (page) => openOrderFor(page.items, partId),
  });

  if (authLoading) return null;
  if (user === null) {
    return (
      <Button onClick={() => requireSignIn(SIGN_IN_MESSAGE)}>
        <ShoppingCart aria-hidden className="size-4" /> Buy Now
      </Button>
    );
  }
  if (!eligible) return null;
  if (recent.data) {
    return (
      <ButtonLink to={`/checkout/${recent.data.id}`}>
        <ShoppingCart aria-hidden className="size-4" /> Continue to checkout
      </ButtonLink>
    );
  }

  function buy() {
    if (buyNow.isPending) return;
    buyNow.mutate(partId, {
      onSuccess: (answer) => void navigate(`/checkout/${answer.orderId}`),
      onError: (error) =>
        toast({
          title: 'Purchase Failed',
          description: describeError(error, 'We could not start your order. Please try again.').message,
          variant: 'destructive',
        }),
    });
  }

  return (
    <Button onClick={buy} disabled={buyNow.isPending || recent.isLoading}>
      <ShoppingCart aria-hidden className="size-4" /> {buyNow.isPending ? 'Reserving...' : 'Buy Now'}
    </Button>
  );
}
