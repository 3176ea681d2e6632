import { inject, injectable } from 'inversify';

import { SellerOrderSales, type SellerSalesFigures } from '../sellers/index.js';
import { Database } from '../../platform/db/database.js';

const DAY = 24 * 3600_000;

/** The sellers' reputation figures from paid orders, one report query (bound for the sellers module's SellerOrderSales port). */
@injectable()
export class PaymentsSellerSales extends SellerOrderSales {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async figures(sellerUserId: string, now: Date): Promise<SellerSalesFigures> {
    const [row] = await (this.db.em).execute<
      { sales: number; revenue: string; recent: number; previous: number; buyers: number; repeat: number; due: number; on_time: number }[]
    >(
      `with kept as (
         select buyer_id, total - refunded as net, paid_at, shipped_at, ship_by from orders
          where seller_id = ? and paid_at is not null and paid_at <= ? and state not in ('cancelled', 'refunded')
       ), per_buyer as (select buyer_id, count(*) as n from kept group by buyer_id)
       select (select count(*)::int from kept) as sales,
              (select coalesce(sum(net), 0)::text from kept) as revenue,
              (select count(*)::int from kept where paid_at > ?) as recent,
              (select count(*)::int from kept where paid_at > ? and paid_at <= ?) as previous,
              (select count(*)::int from per_buyer) as buyers,
              (select count(*)::int from per_buyer where n > 1) as repeat,
              (select count(*)::int from kept where shipped_at is not null or ship_by <= ?) as due,
              (select count(*)::int from kept where shipped_at is not null and shipped_at <= ship_by) as on_time`,
      [
        sellerUserId,
        now.toISOString(),
        new Date(now.getTime() - 30 * DAY).toISOString(),
        new Date(now.getTime() - 60 * DAY).toISOString(),
        new Date(now.getTime() - 30 * DAY).toISOString(),
        now.toISOString(),
      ],
    );
    const r = row!;
    return {
      sales: r.sales,
      revenue: r.revenue,
      recent: r.recent,
      previous: r.previous,
      buyers: r.buyers,
      repeatBuyers: r.repeat,
      onTimeDelivery: r.due ? Math.round((r.on_time / r.due) * 10_000) / 100 : 100,
    };
  }
}
