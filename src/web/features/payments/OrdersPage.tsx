import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { formatDate } from '../../lib/format';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { ListMessage, ListSkeleton, Pager } from '../sellers/SellerListParts';
import { formatAmount } from './orderFormat';
import { OrderListRow } from './OrderListRow';
import { OrderStateChip } from './OrderStateChip';
import { ORDERS_PAGE_SIZE, useOrders } from './payments.api';

/** Reads ?page= (1 when missing or not a positive whole number). */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /account/orders ("Account → Orders"): the signed-in buyer's orders, newest first, paged. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const orders = useOrders({ page });
  const rows = orders.data?.items ?? [];

  return (
    <PageContainer className="grid gap-6" title="Your Orders">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Your Orders</h1>
        <p className="text-sm text-muted">Everything you've bought: payment, shipping and delivery.</p>
      </header>
      {orders.isPending ? (
        <ListSkeleton label="Loading your orders" />
      ) : orders.isError ? (
        <ListMessage text="We could not load your orders. Please try again in a moment." tone="error" />
      ) : rows.length === 0 ? (
        <ListMessage text="You haven't bought anything yet. When you buy a part or win an auction, your order shows here.">
          <ButtonLink to="/search">Browse Parts</ButtonLink>
        </ListMessage>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Orders">
            {rows.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            shown={rows.length}
            total={orders.data.total}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
    </PageContainer>
  );
}

function OrderRow({ order }: { order: OrderDto }) {
  return (
    <OrderListRow
      order={order}
      action={
        order.actions.canPay ? (
          <ButtonLink to={`/checkout/${order.id}`} size="sm" className="w-full sm:w-auto">
            Continue to checkout
          </ButtonLink>
        ) : (
          <ButtonLink to={`/account/orders/${order.id}`} size="sm" variant="outline" className="w-full sm:w-auto">
            View order
          </ButtonLink>
        )
      }
    >
      <p className="text-sm text-muted">
        {order.sellerName} · Ordered {formatDate(order.createdAt)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <OrderStateChip state={order.state} />
        <span className="tabular text-sm font-semibold">{formatAmount(order.total)}</span>
      </div>
    </OrderListRow>
  );
}
