import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { toast } from '../../components/toast';
import { describeError, listQueryFn } from '../../lib/api';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { useAuth } from '../accounts/useAuth';
import { ORDERS_PATH, RECENT_ORDERS, useBuyNow } from './payments.api';

/** The buyer's own open (unpaid) order of this part, if any, from their newest purchases. */
export function openOrderFor(orders: readonly OrderDto[], partId: string): OrderDto | undefined {
  return orders.find((o) => o.partId === partId && o.actions.canPay);
}

/**
 * Buy Now on a fixed-price part, for signed-in members other than its seller: reserves the part in a new order and
 * goes to checkout. A buyer who already has an open order of the part sees "Continue to checkout" instead.
 */
export function BuyNowButton({ partId, sellerId }: { partId: string; sellerId: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const buyNow = useBuyNow();
  const eligible = user !== null && user.id !== sellerId;
  const recent = useQuery({
    queryKey: [ORDERS_PATH, RECENT_ORDERS],
    queryFn: listQueryFn<OrderDto>(),
    enabled: eligible,
    select: (page) => openOrderFor(page.items, partId),
  });

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
