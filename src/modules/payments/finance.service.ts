import { inject, injectable } from 'inversify';
import type { Container } from 'inversify';
import type { FilterQuery } from '@mikro-orm/core';

import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { formatCents, parseMoney } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { ConnectService } from './connect.service.js';
import { owedReversals, providerFeesByMonth, salesByMonth } from './finance.repository.js';
import type { EarningsDto, EarningsOrderDto, FinanceMonthDto, OrderDto, OwedBySellersDto } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { orderCents } from './order.rules.js';
import { OrderViewsService } from './order-views.service.js';
import type { AdminOrderFilter } from './payments.schemas.js';

/** Featured revenue by month, when the featured module is present (it is optional to payments). */
export abstract class FeaturedRevenueSource {
  abstract byMonth(from: Date, to: Date): Promise<Map<string, number>>;
}

/** Fields the console may sort orders by (the Order entity's). */
export const ORDER_SORT = ['createdAt', 'total', 'state', 'paidAt'] as const;

/** One CSV field, quoted when needed. */
export const csvField = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"` : s;
};
export const toCsv = (header: string[], rows: (string | number | null)[][]) => [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** Sellers' earnings, the console's orders list and the Finance page, from the orders and the ledger. */
@injectable()
export class FinanceService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(OrderViewsService) private readonly views: OrderViewsService,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /**
   * A seller's Payouts & Earnings: per paid order, what the seller nets after commission and refunds, and where
   * it stands: pending (paid, not yet delivered, or held in escrow), available (delivered, in the return window),
   * paid_out (completed).
   */
  async earnings(actor: Actor): Promise<EarningsDto> {
    if (!hasRole(actor.role, 'seller')) throw new AppError('forbidden', 'forbidden', 'Only sellers have earnings');
    const rows = await this.db.em.find(Order, { sellerId: actor.id, paidAt: { $ne: null } }, { orderBy: [{ paidAt: 'desc' }, { id: 'desc' }], limit: 1000, refresh: true });
    let pending = 0;
    let available = 0;
    let paidOut = 0;
    let commission = 0;
    const orders: EarningsOrderDto[] = rows.map((o) => {
      const money = orderCents(o);
      const kept = money.commission - money.commissionReturned;
      const net = money.total - money.refunded - kept;
      commission += kept;
      let status: EarningsOrderDto['payoutStatus'] = 'none';
      if (net > 0) {
        if (o.escrowChoice === 'escrow' && !o.escrowReleasedAt) status = 'pending';
        else if (o.completedAt) status = 'paid_out';
        else if (o.deliveredAt) status = 'available';
        else status = 'pending';
      }
      if (status === 'pending') pending += net;
      if (status === 'available') available += net;
      if (status === 'paid_out') paidOut += net;
      return {
        orderId: o.id,
        partTitle: o.partTitle,
        state: o.state,
        total: formatCents(money.total),
        commission: formatCents(kept),
        refunded: formatCents(money.refunded),
        net: formatCents(net),
        payoutStatus: status,
        paidAt: o.paidAt?.toISOString() ?? null,
      };
    });
    return {
      pending: formatCents(pending),
      available: formatCents(available),
      paidOut: formatCents(paidOut),
      totalCommission: formatCents(commission),
      connect: await this.connect.status(actor),
      orders,
    };
  }

  earningsCsv(e: EarningsDto): string {
    return toCsv(
      ['orderId', 'partTitle', 'state', 'paidAt', 'total', 'commission', 'refunded', 'net', 'payoutStatus'],
      e.orders.map((o) => [o.orderId, o.partTitle, o.state, o.paidAt, o.total, o.commission, o.refunded, o.net, o.payoutStatus]),
    );
  }

  /** The console's orders: filters by state, seller, buyer, source, total and creation date, or a search. */
  async adminList(actor: Actor, page: ConsolePage, filter: AdminOrderFilter, ids?: string[]): Promise<{ rows: OrderDto[]; total: number }> {
    const em = this.db.em;
    const where: FilterQuery<Order>[] = [];
    if (ids) where.push({ id: { $in: ids } });
    if (filter.state) where.push({ state: filter.state });
    if (filter.sellerId) where.push({ sellerId: filter.sellerId });
    if (filter.buyerId) where.push({ buyerId: filter.buyerId });
    if (filter.source) where.push({ source: filter.source as Order['source'] });
    for (const [key, op] of [['total_gte', '$gte'], ['total_lte', '$lte']] as const) {
      const value = filter[key];
      if (value === undefined || value === '') continue;
      const parsed = parseMoney(value);
      if (!parsed.ok) throw new AppError('invalid', 'validation_failed', 'Not an amount', { [key]: 'Not an amount' });
      where.push({ total: { [op]: formatCents(parsed.cents) } });
    }
    for (const [key, op] of [['createdAt_gte', '$gte'], ['createdAt_lte', '$lte']] as const) {
      const value = filter[key];
      if (!value) continue;
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) throw new AppError('invalid', 'validation_failed', 'Not a date', { [key]: 'Not a date' });
      // A bare date as upper bound means the whole day.
      where.push({ createdAt: { [op]: op === '$lte' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(at.getTime() + 86_400_000 - 1) : at } });
    }
    if (filter.reversalOwed === true || filter.reversalOwed === 'true') {
      // Orders with an escrow transfer reversal not made yet (pending or failed): their sellers owe it.
      const owed = await em.find(OrderPayment, { kind: 'transfer_reversal', status: { $ne: 'succeeded' } }, { fields: ['orderId'] });
      where.push({ id: { $in: [...new Set(owed.map((p) => p.orderId))] } });
    }
    if (filter.q) {
      const users = await this.accounts.searchUserIds(filter.q, 200);
      const anyOf: FilterQuery<Order>[] = [{ partTitle: { $ilike: `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } }];
      if (/^[0-9a-f-]{36}$/i.test(filter.q)) anyOf.push({ id: filter.q });
      if (users.length) anyOf.push({ buyerId: { $in: users } }, { sellerId: { $in: users } });
      where.push({ $or: anyOf });
    }
    const [rows, total] = await em.findAndCount(Order, where.length ? { $and: where } : {}, { ...consolePageOptions(page), refresh: true });
    return { rows: await this.views.render(rows, actor), total };
  }

  /** What sellers owe the marketplace now: the escrow transfer reversals not made yet (pending or failed), and their orders. */
  async owedBySellers(): Promise<OwedBySellersDto> {
    const owed = await owedReversals(this.db.em);
    return { owedBySellers: formatCents(owed.cents), orders: owed.orders };
  }

  /**
   * Gross sales, commission kept, refunds, featured revenue and the provider's fees per month (UTC) for the last
   * `months` months, newest first. Fees are the ledger's `provider_fee` entries, in the month they were booked.
   */
  async finance(months: number, featured: FeaturedRevenueSource | null): Promise<FinanceMonthDto[]> {
    const now = this.clock.now();
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1));
    const sales = await salesByMonth(this.db.em, from, to);
    const fees = await providerFeesByMonth(this.db.em, from, to);
    const featuredByMonth = featured ? await featured.byMonth(from, to).catch(() => new Map<string, number>()) : new Map<string, number>();
    const out: FinanceMonthDto[] = [];
    for (let i = 0; i < months; i++) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
      const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const r = sales.get(month);
      out.push({
        id: month,
        month,
        orders: r?.orders ?? 0,
        grossSales: formatCents(r?.gross ?? 0),
        commission: formatCents(r?.commission ?? 0),
        refunds: formatCents(r?.refunds ?? 0),
        featuredRevenue: formatCents(featuredByMonth.get(month) ?? 0),
        providerFees: formatCents(fees.get(month) ?? 0),
      });
    }
    return out;
  }

  financeCsv(rows: FinanceMonthDto[]): string {
    return toCsv(
      ['month', 'orders', 'grossSales', 'commission', 'refunds', 'featuredRevenue', 'providerFees'],
      rows.map((r) => [r.month, r.orders, r.grossSales, r.commission, r.refunds, r.featuredRevenue, r.providerFees]),
    );
  }
}

/** The featured module's revenue, read through its public API when the process has it. */
export function featuredRevenue(container: Container): FeaturedRevenueSource | null {
  return container.isBound(FeaturedRevenueSource) ? container.get(FeaturedRevenueSource) : null;
}
