import { inject, injectable } from 'inversify';
import type { Container } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { formatCents, parseMoney, storedCents } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { AccountsApi } from '../accounts/index.js';
import { ConnectService } from './connect.service.js';
import type { EarningsDto, EarningsOrderDto, FinanceMonthDto, OrderDto, OwedBySellersDto } from './order.dto.js';
import { ORDER_COLUMNS, toOrderRow } from './order.repository.js';
import { OrderService } from './order.service.js';
import type { AdminOrderFilter } from './payments.schemas.js';
import { Database } from '../../platform/db/database.js';

/** Featured revenue by month, when the featured module is present (it is optional to payments). */
export abstract class FeaturedRevenueSource {
  abstract byMonth(from: Date, to: Date): Promise<Map<string, number>>;
}

/** Fields the console may sort orders by (API name to column). */
export const ORDER_SORT: Record<string, string> = {
  createdAt: 'o.created_at',
  total: 'o.total',
  state: 'o.state',
  paidAt: 'o.paid_at',
};

/** An order with an escrow transfer reversal not made yet (pending or failed): its seller owes it. */
const OWED_REVERSAL = `exists (select 1 from order_payments p where p.order_id = o.id and p.kind = 'transfer_reversal' and p.status <> 'succeeded')`;

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
    @inject(OrderService) private readonly orders: OrderService,
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
    const rows = (
      await this.db.em.execute<Record<string, unknown>[]>(
        `select ${ORDER_COLUMNS} from orders o where o.seller_id = ? and o.paid_at is not null order by o.paid_at desc, o.id desc limit 1000`,
        [actor.id],
      )
    ).map(toOrderRow);
    let pending = 0;
    let available = 0;
    let paidOut = 0;
    let commission = 0;
    const orders: EarningsOrderDto[] = rows.map((o) => {
      const kept = o.commissionCents - o.commissionReturnedCents;
      const net = o.totalCents - o.refundedCents - kept;
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
        total: formatCents(o.totalCents),
        commission: formatCents(kept),
        refunded: formatCents(o.refundedCents),
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
    const where: string[] = [];
    const params: unknown[] = [];
    if (ids) {
      where.push('o.id = any(?::uuid[])');
      params.push(uuidArray(ids));
    }
    if (filter.state) {
      where.push('o.state = ?');
      params.push(filter.state);
    }
    if (filter.sellerId) {
      where.push('o.seller_id = ?');
      params.push(filter.sellerId);
    }
    if (filter.buyerId) {
      where.push('o.buyer_id = ?');
      params.push(filter.buyerId);
    }
    if (filter.source) {
      where.push('o.source = ?');
      params.push(filter.source);
    }
    for (const [key, op] of [['total_gte', '>='], ['total_lte', '<=']] as const) {
      const value = filter[key];
      if (value === undefined || value === '') continue;
      const parsed = parseMoney(value);
      if (!parsed.ok) throw new AppError('invalid', 'validation_failed', 'Not an amount', { [key]: 'Not an amount' });
      where.push(`o.total ${op} ?`);
      params.push(formatCents(parsed.cents));
    }
    for (const [key, op] of [['createdAt_gte', '>='], ['createdAt_lte', '<=']] as const) {
      const value = filter[key];
      if (!value) continue;
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) throw new AppError('invalid', 'validation_failed', 'Not a date', { [key]: 'Not a date' });
      // A bare date as upper bound means the whole day.
      const bound = op === '<=' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(at.getTime() + 86_400_000 - 1) : at;
      where.push(`o.created_at ${op} ?`);
      params.push(bound.toISOString());
    }
    if (filter.reversalOwed === true || filter.reversalOwed === 'true') where.push(OWED_REVERSAL);
    if (filter.q) {
      const users = await this.accounts.searchUserIds(filter.q, 200);
      const conditions = ['o.part_title ilike ?'];
      params.push(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (/^[0-9a-f-]{36}$/i.test(filter.q)) {
      conditions.push('o.id = ?');
      params.push(filter.q);
    }
      if (users.length) {
      conditions.push('o.buyer_id = any(?::uuid[]) or o.seller_id = any(?::uuid[])');
      params.push(uuidArray(users), uuidArray(users));
    }
      where.push(`(${conditions.join(' or ')})`);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = Object.entries(page.orderBy)
      .map(([field, dir]) => `${field === 'id' ? 'o.id' : (ORDER_SORT[field] ?? 'o.created_at')} ${dir === 'asc' ? 'asc' : 'desc'}`)
      .concat(page.orderBy.id ? [] : ['o.id asc'])
      .join(', ');
    const em = this.db.em;
    const [rows, count] = await Promise.all([
      em.execute<Record<string, unknown>[]>(`select ${ORDER_COLUMNS} from orders o ${whereSql} order by ${order} limit ? offset ?`, [...params, page.limit, page.offset]),
      em.execute<{ n: number }[]>(`select count(*)::int as n from orders o ${whereSql}`, params),
    ]);
    return { rows: await this.orders.viewsForAdmin(rows.map(toOrderRow), actor), total: count[0]?.n ?? 0 };
  }

  /** What sellers owe the marketplace now: the escrow transfer reversals not made yet (pending or failed), and their orders. */
  async owedBySellers(): Promise<OwedBySellersDto> {
    const [row] = await this.db.em.execute<{ owed: string; orders: number }[]>(
      `select coalesce(sum(amount), 0)::text as owed, count(distinct order_id)::int as orders
         from order_payments where kind = 'transfer_reversal' and status <> 'succeeded'`,
    );
    return { owedBySellers: formatCents(storedCents(row?.owed ?? '0')), orders: row?.orders ?? 0 };
  }

  /**
   * Gross sales, commission kept, refunds, featured revenue and the provider's fees per month (UTC) for the last
   * `months` months, newest first. Fees are the ledger's `provider_fee` entries, in the month they were booked.
   */
  async finance(months: number, featured: FeaturedRevenueSource | null): Promise<FinanceMonthDto[]> {
    const now = this.clock.now();
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1));
    const rows = await this.db.em.execute<{ month: string; orders: number; gross: string; commission: string; refunds: string }[]>(
      `select to_char(date_trunc('month', paid_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as orders,
              coalesce(sum(total), 0)::text as gross, coalesce(sum(commission - commission_returned), 0)::text as commission,
              coalesce(sum(refunded), 0)::text as refunds
         from orders where paid_at >= ? and paid_at < ? group by 1`,
      [from.toISOString(), to.toISOString()],
    );
    const fees = await this.db.em.execute<{ month: string; fees: string }[]>(
      `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, coalesce(sum(amount), 0)::text as fees
         from ledger_entries where kind = 'provider_fee' and account = 'provider' and created_at >= ? and created_at < ? group by 1`,
      [from.toISOString(), to.toISOString()],
    );
    const featuredByMonth = featured ? await featured.byMonth(from, to).catch(() => new Map<string, number>()) : new Map<string, number>();
    const out: FinanceMonthDto[] = [];
    for (let i = 0; i < months; i++) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
      const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const r = rows.find((x) => x.month === month);
      out.push({
        id: month,
        month,
        orders: r?.orders ?? 0,
        grossSales: formatCents(r ? storedCents(r.gross) : 0),
        commission: formatCents(r ? storedCents(r.commission) : 0),
        refunds: formatCents(r ? storedCents(r.refunds) : 0),
        featuredRevenue: formatCents(featuredByMonth.get(month) ?? 0),
        providerFees: formatCents(storedCents(fees.find((x) => x.month === month)?.fees ?? '0')),
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
