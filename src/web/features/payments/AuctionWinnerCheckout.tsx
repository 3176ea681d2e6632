import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import { listQueryFn } from '../../lib/api';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { ORDERS_PATH } from './payments.api';

/** The winner's newest purchases, where the order of a just-ended auction is. */
const RECENT_ORDERS = { limit: 50 } as const;
/** The order of an auction is created by a job right after the end: look again until it is there. */
const ORDER_POLL_MS = 2000;

/** The winner's order of an auction (won or bought with Buy It Now), from their newest purchases. */
export function auctionOrder(orders: readonly OrderDto[], auctionId: string): OrderDto | undefined {
  return orders.find((o) => o.sourceId === auctionId && (o.source === 'auction_won' || o.source === 'auction_buy_it_now'));
}

/** On an ended auction's page, the winner is led to checkout (or to the order once it is paid). */
export function AuctionWinnerCheckout({ auctionId }: { auctionId: string }) {
  const orders = useQuery({
    queryKey: [ORDERS_PATH, RECENT_ORDERS],
    queryFn: listQueryFn<OrderDto>(),
    select: (page) => auctionOrder(page.items, auctionId) ?? null,
    refetchInterval: (query) => (query.state.data && auctionOrder(query.state.data.items, auctionId) ? false : ORDER_POLL_MS),
  });
  const order = orders.data;

  return (
    <div role="status" className="mt-5 grid gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-sm">
      <p className="inline-flex items-center gap-1.5 font-semibold text-success">
        <Trophy aria-hidden className="size-4" /> You won this auction
      </p>
      {!order ? (
        <p className="text-ink">Preparing your order...</p>
      ) : order.actions.canPay ? (
        <>
          <p className="text-ink">Pay now to secure the part. Auction wins are final sale.</p>
          <ButtonLink to={`/checkout/${order.id}`} className="w-full">
            Continue to checkout
          </ButtonLink>
        </>
      ) : (
        <ButtonLink to={`/account/orders/${order.id}`} variant="outline" className="w-full">
          View order
        </ButtonLink>
      )}
    </div>
  );
}
