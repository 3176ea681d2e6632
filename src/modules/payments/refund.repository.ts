import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { PaymentProviderName } from './order.dto.js';

/** Who asked for a refund, as its row keeps it (the job that settles a refund applies it as asked). */
export type RefundActor = 'admin' | 'seller' | 'system';

/** One refund of ours (an `order_payments` row of kind `refund`), money in cents. */
export interface RefundRow {
  id: string;
  orderId: string;
  status: 'pending' | 'succeeded' | 'failed';
  cents: number;
  providerRef: string | null;
  actor: RefundActor;
  actorId: string | null;
  reason: string;
  createdAt: Date;
}

const REFUND_COLUMNS = `id, order_id, status, amount::text as amount, provider_ref, actor, actor_id, reason, created_at`;

// biome-ignore lint: a raw database row
const toRefundRow = (r: Record<string, any>): RefundRow => ({
  id: r.id,
  orderId: r.order_id,
  status: r.status,
  cents: storedCents(r.amount),
  providerRef: r.provider_ref,
  actor: r.actor ?? 'system',
  actorId: r.actor_id,
  reason: r.reason ?? '',
  createdAt: new Date(r.created_at),
});

/** The money of an order in flight (called with the order locked): refunds admitted but not answered, and an escrow release being sent. */
export async function moneyInFlight(tx: SqlExecutor, orderId: string): Promise<{ refundCents: number; transferPending: boolean }> {
  const [row] = await tx.execute<{ refunds: string; transfers: number }[]>(
    `select coalesce(sum(amount) filter (where kind = 'refund'), 0)::text as refunds, count(*) filter (where kind = 'transfer')::int as transfers
       from order_payments where order_id = ? and status = 'pending' and kind in ('refund', 'transfer')`,
    [orderId],
  );
  return { refundCents: storedCents(row?.refunds ?? '0'), transferPending: (row?.transfers ?? 0) > 0 };
}

/** Reserves a refund (with the order locked): a `pending` row that counts against what is left to refund. */
export async function insertPendingRefund(
  tx: SqlExecutor,
  r: { orderId: string; provider: PaymentProviderName; cents: number; actor: RefundActor; actorId: string | null; reason: string; at: Date },
): Promise<RefundRow> {
  const [row] = await tx.execute<Record<string, unknown>[]>(
    `insert into order_payments (order_id, kind, provider, provider_ref, status, amount, actor, actor_id, reason, created_at)
     values (?, 'refund', ?, null, 'pending', ?, ?, ?, ?, ?) returning ${REFUND_COLUMNS}`,
    [r.orderId, r.provider, formatCents(r.cents), r.actor, r.actorId, r.reason.slice(0, 300), r.at.toISOString()],
  );
  return toRefundRow(row!);
}

/** One refund of ours (locked when `lock`), or null. */
export async function readRefund(em: SqlExecutor, id: string, lock = false): Promise<RefundRow | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select ${REFUND_COLUMNS} from order_payments where id = ? and kind = 'refund'${lock ? ' for update' : ''}`,
    [id],
  );
  return row ? toRefundRow(row) : null;
}

/** The order's refunds still waiting for the provider's answer, oldest first. */
export async function pendingRefunds(em: SqlExecutor, orderId: string): Promise<RefundRow[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select ${REFUND_COLUMNS} from order_payments where order_id = ? and kind = 'refund' and status = 'pending' order by created_at, id`,
    [orderId],
  );
  return rows.map(toRefundRow);
}

/** Marks a pending refund made (the provider's id); false when it was settled already. */
export async function markRefundMade(tx: SqlExecutor, id: string, providerRef: string): Promise<boolean> {
  const rows = await tx.execute<unknown[]>(`update order_payments set status = 'succeeded', provider_ref = ? where id = ? and status = 'pending' returning id`, [providerRef, id]);
  return rows.length > 0;
}

/** Marks a pending refund or transfer refused by the provider; false when it was settled already. */
export async function markFailed(tx: SqlExecutor, id: string, error: string): Promise<boolean> {
  const rows = await tx.execute<unknown[]>(`update order_payments set status = 'failed', error = ? where id = ? and status = 'pending' returning id`, [error.slice(0, 300), id]);
  return rows.length > 0;
}

/** The order's escrow release being sent (a `pending` transfer: its key in `provider_ref`), or null. */
export async function pendingTransfer(em: SqlExecutor, orderId: string): Promise<{ id: string; key: string; cents: number } | null> {
  const [row] = await em.execute<{ id: string; provider_ref: string; amount: string }[]>(
    `select id, provider_ref, amount::text as amount from order_payments where order_id = ? and kind = 'transfer' and status = 'pending' order by created_at limit 1`,
    [orderId],
  );
  return row ? { id: row.id, key: row.provider_ref, cents: storedCents(row.amount) } : null;
}
