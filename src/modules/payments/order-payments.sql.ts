import { DateTimeType } from '@mikro-orm/core';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { LedgerLine } from './ledger.rules.js';
import type { OrderState, PaymentProviderName } from './order.dto.js';
import { Order } from './order.entity.js';
import type { HistoryAudience, OrderActor } from './order-history.entity.js';

/**
 * The SQL of money applied to an order: payments, refunds, disputes and fees, with their ledger lines, provider
 * operations and history steps. The payment webhook runs it on its plain-pg transaction (its measured hot path:
 * docs/performance.md, payments), and refunds on their entity manager's transaction, so every function takes a
 * SqlExecutor with the order already locked by the caller. Statements go one by one in the order written.
 */

/** One history step to append. */
export interface HistoryStep {
  state: OrderState;
  note: string | null;
  actor: OrderActor;
  actorId: string | null;
  audience?: HistoryAudience;
}

const DATES = Object.entries(Order.meta.properties)
  .filter(([, prop]) => (prop as { type?: unknown }).type === DateTimeType)
  .map(([name]) => name);
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * An orders row answered by `select *`, as the Order entity: columns to properties (the naming strategy's
 * snake_case), and timestamps (text on the ORM's connections) to Dates; money stays exact text, as the entity's.
 */
export function asOrder(row: Record<string, unknown> | undefined): Order | null {
  if (!row) return null;
  const o: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) o[camel(column)] = value;
  for (const name of DATES) if (o[name] !== null && o[name] !== undefined) o[name] = new Date(o[name] as string);
  return o as Order;
}

const UUID = /^[0-9a-f-]{36}$/i;

/** The order of a payment intent, or else of the event's `orderId` metadata, locked for the transaction; null when neither is known. */
export async function lockOrderOfIntent(tx: SqlExecutor, intentId: string, orderId: unknown): Promise<Order | null> {
  if (intentId) {
    const [row] = await tx.execute<Record<string, unknown>[]>('select * from orders where payment_intent_id = ? for update', [intentId]);
    if (row) return asOrder(row);
  }
  return typeof orderId === 'string' && UUID.test(orderId) ? lockOrderRow(tx, orderId) : null;
}

/** One order locked for the transaction (read again after a change), or null. */
export async function lockOrderRow(tx: SqlExecutor, id: string): Promise<Order | null> {
  const [row] = await tx.execute<Record<string, unknown>[]>('select * from orders where id = ? for update', [id]);
  return asOrder(row);
}

/** The orders of `sellerId` waiting for the seller's payout setup (unpaid, no checkout yet), locked, oldest first. */
export async function lockOrdersAwaitingSeller(tx: SqlExecutor, sellerId: string): Promise<Order[]> {
  const rows = await tx.execute<Record<string, unknown>[]>(
    `select * from orders where seller_id = ? and state = 'pending_payment' and provider is null order by created_at limit 100 for update`,
    [sellerId],
  );
  return rows.map((r) => asOrder(r)!);
}

/** A fresh payment window for an order waiting for its seller. */
export async function extendPayBy(tx: SqlExecutor, orderId: string, payBy: Date, at: Date): Promise<void> {
  await tx.execute(`update orders set pay_by = ?, updated_at = ? where id = ?`, [payBy.toISOString(), at.toISOString(), orderId]);
}

const historyInsert = (orderId: string, h: HistoryStep, at: Date) => ({
  sql: `insert into order_history (order_id, state, note, actor, actor_id, at, audience) values (?, ?, ?, ?, ?, ?, ?)`,
  params: [orderId, h.state, h.note, h.actor, h.actorId, at.toISOString(), h.audience ?? 'all'],
});

/** Appends one history step (for callers holding a SqlExecutor; the entity manager's callers create an OrderHistory). */
export async function addHistory(tx: SqlExecutor, orderId: string, h: HistoryStep, at: Date): Promise<void> {
  const { sql, params } = historyInsert(orderId, h, at);
  await tx.execute(sql, params);
}

/**
 * Appends ledger lines of one order (every caller passes a balanced set). With `once`, lines that a unique index
 * already holds are skipped (`on conflict do nothing`: the provider's fee); true when lines were added.
 */
export async function addLedger(
  tx: SqlExecutor,
  order: Pick<Order, 'id' | 'sellerId'>,
  lines: readonly LedgerLine[],
  at: Date,
  options: { once?: boolean } = {},
): Promise<boolean> {
  if (!lines.length) return false;
  const values = lines.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  const params = lines.flatMap((l) => [order.id, order.sellerId, l.account, l.kind, formatCents(l.cents), l.memo ?? null, at.toISOString()]);
  const rows = await tx.execute<{ id: string }[]>(
    `insert into ledger_entries (order_id, seller_id, account, kind, amount, memo, created_at) values ${values}${options.once ? ' on conflict do nothing' : ''} returning id`,
    params,
  );
  return rows.length > 0;
}

/** Records one provider operation (a replay of the same `kind` and reference only updates its status). */
export async function addPayment(
  tx: SqlExecutor,
  p: { orderId: string; kind: 'charge' | 'refund' | 'transfer_reversal'; provider: PaymentProviderName; ref: string | null; status: 'pending' | 'succeeded'; cents: number; at: Date },
): Promise<void> {
  await tx.execute(
    `insert into order_payments (order_id, kind, provider, provider_ref, status, amount, created_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (kind, provider_ref) where provider_ref is not null do update set status = excluded.status`,
    [p.orderId, p.kind, p.provider, p.ref, p.status, formatCents(p.cents), p.at.toISOString()],
  );
}

/**
 * A succeeded payment of `order`: its ledger lines, the charge, the order paid (`shipBy` null: a late payment of a
 * cancelled order, which stays cancelled) and its history step.
 */
export async function recordPayment(
  tx: SqlExecutor,
  order: Pick<Order, 'id' | 'sellerId' | 'paymentIntentId'>,
  p: { lines: readonly LedgerLine[]; provider: PaymentProviderName; cents: number; at: Date; shipBy: Date | null; chargeId: string | null; history: HistoryStep },
): Promise<void> {
  await addLedger(tx, order, p.lines, p.at);
  await addPayment(tx, { orderId: order.id, kind: 'charge', provider: p.provider, ref: order.paymentIntentId, status: 'succeeded', cents: p.cents, at: p.at });
  await tx.execute(
    `update orders set state = case when state = 'pending_payment' then 'paid' else state end, paid_at = ?,
            ship_by = coalesce(?::timestamptz, ship_by), charge_id = coalesce(?, charge_id), updated_at = ? where id = ?`,
    [p.at.toISOString(), p.shipBy?.toISOString() ?? null, p.chargeId, p.at.toISOString(), order.id],
  );
  const history = historyInsert(order.id, p.history, p.at);
  await tx.execute(history.sql, history.params);
}

/**
 * Refunds of `order` reaching `refundedCents` in all: the ledger lines, an escrow transfer reversal owed (a
 * pending row under its key), the order's amounts and state, the refund's row (ours: the reserved row made now;
 * one made at the provider: a new row) and the history step.
 */
export async function recordRefund(
  tx: SqlExecutor,
  order: Pick<Order, 'id' | 'sellerId'>,
  r: {
    lines: readonly LedgerLine[];
    provider: PaymentProviderName;
    refundedCents: number;
    commissionReturnedCents: number;
    state: OrderState;
    reversal: { key: string; cents: number } | null;
    refund: { paymentId: string; ref: string } | { ref: string | null; cents: number };
    history: HistoryStep;
    at: Date;
  },
): Promise<void> {
  await addLedger(tx, order, r.lines, r.at);
  if (r.reversal) await addPayment(tx, { orderId: order.id, kind: 'transfer_reversal', provider: r.provider, ref: r.reversal.key, status: 'pending', cents: r.reversal.cents, at: r.at });
  await tx.execute(`update orders set refunded = ?, commission_returned = ?, state = ?, updated_at = ? where id = ?`, [
    formatCents(r.refundedCents),
    formatCents(r.commissionReturnedCents),
    r.state,
    r.at.toISOString(),
    order.id,
  ]);
  if ('paymentId' in r.refund) {
    await tx.execute(`update order_payments set status = 'succeeded', provider_ref = ? where id = ? and status = 'pending'`, [r.refund.ref, r.refund.paymentId]);
  } else {
    await addPayment(tx, { orderId: order.id, kind: 'refund', provider: r.provider, ref: r.refund.ref, status: 'succeeded', cents: r.refund.cents, at: r.at });
  }
  await addHistory(tx, order.id, r.history, r.at);
}

/** The buyer's bank opened a dispute on `order`. */
export async function recordDispute(tx: SqlExecutor, orderId: string, at: Date, history: HistoryStep): Promise<void> {
  await tx.execute(`update orders set state = 'disputed', disputed_at = ?, updated_at = ? where id = ?`, [at.toISOString(), at.toISOString(), orderId]);
  await addHistory(tx, orderId, history, at);
}

/** Whether the order's provider fee is booked. */
export async function hasProviderFee(tx: SqlExecutor, orderId: string): Promise<boolean> {
  const rows = await tx.execute<unknown[]>(`select 1 from ledger_entries where order_id = ? and kind = 'provider_fee' limit 1`, [orderId]);
  return rows.length > 0;
}

/** The money of an order in flight (called with the order locked): refunds admitted but not answered, and an escrow release being sent. */
export async function moneyInFlight(tx: SqlExecutor, orderId: string): Promise<{ refundCents: number; transferPending: boolean }> {
  const [row] = await tx.execute<{ refunds: string; transfers: number }[]>(
    `select coalesce(sum(amount) filter (where kind = 'refund'), 0)::text as refunds, count(*) filter (where kind = 'transfer')::int as transfers
       from order_payments where order_id = ? and status = 'pending' and kind in ('refund', 'transfer')`,
    [orderId],
  );
  return { refundCents: storedCents(row?.refunds ?? '0'), transferPending: (row?.transfers ?? 0) > 0 };
}
