import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { storedCents } from '../../platform/money.js';

/** The Finance page's sums: by month from the orders and the ledger, and what sellers owe. */

/** Per month (UTC) of payment in [from, to): orders, gross sales, commission kept and refunds, in cents. */
export async function salesByMonth(em: SqlExecutor, from: Date, to: Date): Promise<Map<string, { orders: number; gross: number; commission: number; refunds: number }>> {
  const rows = await em.execute<{ month: string; orders: number; gross: string; commission: string; refunds: string }[]>(
    `select to_char(date_trunc('month', paid_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as orders,
            coalesce(sum(total), 0)::text as gross, coalesce(sum(commission - commission_returned), 0)::text as commission,
            coalesce(sum(refunded), 0)::text as refunds
       from orders where paid_at >= ? and paid_at < ? group by 1`,
    [from.toISOString(), to.toISOString()],
  );
  return new Map(rows.map((r) => [r.month, { orders: r.orders, gross: storedCents(r.gross), commission: storedCents(r.commission), refunds: storedCents(r.refunds) }]));
}

/** Per month (UTC) of booking in [from, to): the provider's fees the marketplace paid (ledger `provider_fee`), in cents. */
export async function providerFeesByMonth(em: SqlExecutor, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await em.execute<{ month: string; fees: string }[]>(
    `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, coalesce(sum(amount), 0)::text as fees
       from ledger_entries where kind = 'provider_fee' and account = 'provider' and created_at >= ? and created_at < ? group by 1`,
    [from.toISOString(), to.toISOString()],
  );
  return new Map(rows.map((r) => [r.month, storedCents(r.fees)]));
}

/** The escrow transfer reversals not made yet (pending or failed): what sellers owe, in cents, and their orders. */
export async function owedReversals(em: SqlExecutor): Promise<{ cents: number; orders: number }> {
  const [row] = await em.execute<{ owed: string; orders: number }[]>(
    `select coalesce(sum(amount), 0)::text as owed, count(distinct order_id)::int as orders
       from order_payments where kind = 'transfer_reversal' and status <> 'succeeded'`,
  );
  return { cents: storedCents(row?.owed ?? '0'), orders: row?.orders ?? 0 };
}
