import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Photo } from '../../components/Photo';
import type { OrderDto } from '../../../modules/payments/order.dto';

/**
 * One order in a list (the buyer's purchases, the seller's sales): the part's photo and title, linking to the
 * order, then `children` (who, when, state and amounts) and on the right `action`.
 */
export function OrderListRow({ order, children, action, testId }: { order: OrderDto; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-surface p-3 shadow-sm sm:flex-nowrap" data-testid={testId}>
      <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md border border-line bg-paper">
        <Photo src={order.partImageUrl} alt="" missingLabel="" loading="lazy" iconClassName="size-5" />
      </div>
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <Link to={`/account/orders/${order.id}`} className="line-clamp-2 font-semibold hover:text-racing hover:underline">
          {order.partTitle}
        </Link>
        {children}
      </div>
      {action}
    </li>
  );
}
