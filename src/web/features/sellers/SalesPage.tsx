import { Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { formatAmount } from '../payments/orderFormat';
import { OrderListRow } from '../payments/OrderListRow';
import { OrderStateChip } from '../payments/OrderStateChip';
import { ORDERS_PAGE_SIZE, useOrders } from '../payments/payments.api';
import { ShipOrderDialog } from '../payments/ShipOrderDialog';
import { readPage } from '../payments/OrdersPage';
import { FilterTabs, ListMessage, ListSkeleton, Pager } from './SellerListParts';

type SalesView = 'to-ship' | 'all';
const VIEWS: ReadonlyArray<{ value: SalesView; label: string }> = [
  { value: 'to-ship', label: 'To ship' },
  { value: 'all', label: 'All sales' },
];

/** /my-sales: the seller's sales; "To ship" lists paid orders waiting for Mark Shipped (72 hours from payment). */
export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const view: SalesView = params.get('view') === 'all' ? 'all' : 'to-ship';
  const page = readPage(params);
  const sales = useOrders({ as: 'seller', page, ...(view === 'to-ship' ? { state: 'paid' } : {}) });
  const rows = (sales.data?.items ?? []).filter((o) => view === 'all' || o.actions.canShip);
  const go = (next: { view?: SalesView; page?: number }) => {
    const v = next.view ?? view;
    const p = next.page ?? 1;
    setParams({ ...(v === 'all' ? { view: 'all' } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  return (
    <PageContainer className="grid gap-6" title="Sales">
      <PageHeader
        back={{ to: '/seller-dashboard', label: 'Seller Dashboard' }}
        title="Sales"
        intro="Ship paid orders within 72 hours and add the tracking number."
        actions={
          <ButtonLink to="/payouts" variant="outline">
            <Wallet aria-hidden className="size-4" /> Payouts &amp; Earnings
          </ButtonLink>
        }
      />
      <FilterTabs label="Which sales" options={VIEWS} value={view} onChange={(v) => go({ view: v })} />
      {sales.isPending ? (
        <ListSkeleton label="Loading your sales" />
      ) : sales.isError ? (
        <ListMessage text="We could not load your sales. Please try again in a moment." tone="error" />
      ) : rows.length === 0 ? (
        <ListMessage text={view === 'to-ship' ? 'Nothing to ship right now. Paid orders appear here.' : 'No sales yet. When a buyer orders one of your parts, it shows here.'}>
          {view === 'all' && <ButtonLink to="/sell">Create Listing</ButtonLink>}
        </ListMessage>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={view === 'to-ship' ? 'Sales to ship' : 'Sales'}>
            {rows.map((order) => (
              <SaleRow key={order.id} order={order} />
            ))}
          </ul>
          <Pager page={page} pageSize={ORDERS_PAGE_SIZE} shown={rows.length} total={sales.data.total} onPage={(p) => go({ page: p })} />
        </>
      )}
    </PageContainer>
  );
}

function SaleRow({ order }: { order: OrderDto }) {
  return (
    <OrderListRow
      order={order}
      testId="sale-row"
      action={order.actions.canShip && <ShipOrderDialog orderId={order.id} partTitle={order.partTitle} />}
    >
      <p className="text-sm text-muted">
        {order.buyerName} · {order.paidAt ? `Paid ${formatDate(order.paidAt)}` : `Ordered ${formatDate(order.createdAt)}`}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <OrderStateChip state={order.state} />
        <span className="tabular font-semibold">{formatAmount(order.total)}</span>
        {order.sellerNet && <span className="tabular text-muted">You receive {formatAmount(order.sellerNet)}</span>}
      </div>
      {order.actions.canShip && order.shipBy && (
        <p className={cn('text-sm', order.lateShipment ? 'font-semibold text-racing' : 'text-muted')}>
          {order.lateShipment ? 'Late: ship as soon as you can' : `Ship by ${formatDateTime(order.shipBy)}`}
        </p>
      )}
    </OrderListRow>
  );
}
