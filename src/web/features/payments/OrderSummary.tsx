import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { Photo } from '../../components/Photo';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { formatAmount, shippingTerms, toCents } from './orderFormat';

/**
 * The item and its amounts: photo, title, seller, price, shipping, total. The commission is the seller's and is
 * never shown to the buyer as a fee.
 */
export function OrderSummary({ order, heading = 'Order summary' }: { order: OrderDto; heading?: string }) {
  return (
    <Card aria-labelledby="order-summary-heading">
      <CardHeader className="pb-3">
        <h2 id="order-summary-heading" className="text-lg font-bold">
          {heading}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex gap-3">
          <div className="aspect-[4/3] w-28 shrink-0 overflow-hidden rounded-md border border-line bg-paper">
            <Photo src={order.partImageUrl} alt={order.partTitle} loading="lazy" iconClassName="size-6" />
          </div>
          <div className="grid min-w-0 content-start gap-1">
            {order.partId ? (
              <Link to={`/parts/${order.partId}`} className="line-clamp-2 font-semibold hover:text-racing hover:underline">
                {order.partTitle}
              </Link>
            ) : (
              <p className="line-clamp-2 font-semibold">{order.partTitle}</p>
            )}
            <p className="text-sm text-muted">Sold by {order.sellerName}</p>
            {order.finalSale && <p className="text-xs font-semibold text-racing uppercase">Final sale</p>}
          </div>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">Price</dt>
          <dd className="tabular text-right">{formatAmount(order.price)}</dd>
          <dt className="text-muted">Shipping</dt>
          <dd className="tabular text-right">{shippingTerms(order).amount}</dd>
          {(toCents(order.refunded) ?? 0) > 0 && (
            <>
              <dt className="text-muted">Refunded</dt>
              <dd className="tabular text-right">-{formatAmount(order.refunded)}</dd>
            </>
          )}
          <dt className="border-t border-line pt-2 font-semibold">Total</dt>
          <dd className="tabular border-t border-line pt-2 text-right text-lg font-bold" data-testid="order-total">
            {formatAmount(order.total)}
          </dd>
        </dl>
        <p className="text-xs text-muted">No buyer fees: the marketplace commission is paid by the seller. Prices in USD.</p>
      </CardContent>
    </Card>
  );
}
