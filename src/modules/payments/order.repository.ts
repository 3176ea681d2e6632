import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { EscrowChoice, OrderSource, OrderState, PaymentProviderName, ShippingAddressDto } from './order.dto.js';
import type { OrderFacts } from './orders.api.js';
import type { CommissionTier } from './commission.rules.js';

/** One order as stored, money in integer cents. */
export interface OrderRow {
  id: string;
  buyerId: string;
  sellerId: string;
  partId: string | null;
  source: OrderSource;
  sourceId: string | null;
  state: OrderState;
  partTitle: string;
  partImageUrl: string | null;
  priceCents: number;
  shippingCents: number;
  totalCents: number;
  commissionCents: number;
  commissionTiers: CommissionTier[];
  refundedCents: number;
  commissionReturnedCents: number;
  finalSale: boolean;
  finalSaleAcknowledgedAt: Date | null;
  escrowChoice: EscrowChoice | null;
  waiverSignedAt: Date | null;
  escrowReleasedAt: Date | null;
  /** Set while the buyer's return request holds the escrowed money. */
  escrowHoldAt: Date | null;
  shippingAddress: ShippingAddressDto | null;
  carrier: string | null;
  trackingNumber: string | null;
  provider: PaymentProviderName | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  destinationAccount: string | null;
  payBy: Date | null;
  shipBy: Date | null;
  lateShipment: boolean;
  shipRemindedAt: Date | null;
  createdAt: Date;
  checkoutAt: Date | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: 'unpaid' | 'buyer' | 'seller' | 'admin' | null;
  disputedAt: Date | null;
}

/** The select list of an order row (money as text, read exactly). */
export const ORDER_COLUMNS = `o.id, o.buyer_id, o.seller_id, o.part_id, o.source, o.source_id, o.state, o.part_title, o.part_image_url,
  o.price::text as price, o.shipping_cost::text as shipping_cost, o.total::text as total, o.commission::text as commission,
  o.commission_tiers, o.refunded::text as refunded, o.commission_returned::text as commission_returned, o.final_sale,
  o.final_sale_acknowledged_at, o.escrow_choice, o.waiver_signed_at, o.escrow_released_at, o.escrow_hold_at, o.shipping_address, o.carrier,
  o.tracking_number, o.provider, o.payment_intent_id, o.charge_id, o.destination_account, o.pay_by, o.ship_by, o.late_shipment,
  o.ship_reminded_at, o.created_at, o.checkout_at, o.paid_at, o.shipped_at, o.delivered_at, o.completed_at, o.cancelled_at,
  o.cancel_reason, o.disputed_at`;

// biome-ignore lint: a raw database row
type Raw = Record<string, any>;
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export function toOrderRow(r: Raw): OrderRow {
  return {
    id: r.id,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    partId: r.part_id,
    source: r.source,
    sourceId: r.source_id,
    state: r.state,
    partTitle: r.part_title,
    partImageUrl: r.part_image_url,
    priceCents: storedCents(r.price),
    shippingCents: storedCents(r.shipping_cost),
    totalCents: storedCents(r.total),
    commissionCents: storedCents(r.commission),
    commissionTiers: r.commission_tiers,
    refundedCents: storedCents(r.refunded),
    commissionReturnedCents: storedCents(r.commission_returned),
    finalSale: r.final_sale,
    finalSaleAcknowledgedAt: date(r.final_sale_acknowledged_at),
    escrowChoice: r.escrow_choice,
    waiverSignedAt: date(r.waiver_signed_at),
    escrowReleasedAt: date(r.escrow_released_at),
    escrowHoldAt: date(r.escrow_hold_at),
    shippingAddress: r.shipping_address,
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    provider: r.provider,
    paymentIntentId: r.payment_intent_id,
    chargeId: r.charge_id,
    destinationAccount: r.destination_account,
    payBy: date(r.pay_by),
    shipBy: date(r.ship_by),
    lateShipment: r.late_shipment,
    shipRemindedAt: date(r.ship_reminded_at),
    createdAt: new Date(r.created_at),
    checkoutAt: date(r.checkout_at),
    paidAt: date(r.paid_at),
    shippedAt: date(r.shipped_at),
    deliveredAt: date(r.delivered_at),
    completedAt: date(r.completed_at),
    cancelledAt: date(r.cancelled_at),
    cancelReason: r.cancel_reason,
    disputedAt: date(r.disputed_at),
  };
}

/** One order (locked for update inside a transaction when `lock`), or null. */
export async function readOrder(em: SqlExecutor, id: string, lock = false): Promise<OrderRow | null> {
  const rows = await em.execute<Raw[]>(`select ${ORDER_COLUMNS} from orders o where o.id = ?${lock ? ' for update' : ''}`, [id]);
  return rows[0] ? toOrderRow(rows[0]) : null;
}

/** The part's open (not cancelled) order, which holds it: unpaid, or paid and on its way; null when none. */
export async function readOpenOrderOfPart(em: SqlExecutor, partId: string): Promise<OrderRow | null> {
  const rows = await em.execute<Raw[]>(`select ${ORDER_COLUMNS} from orders o where o.part_id = ? and o.state <> 'cancelled' limit 1`, [partId]);
  return rows[0] ? toOrderRow(rows[0]) : null;
}

/** The order of a payment intent (locked when `lock`), or null. */
export async function readOrderByIntent(em: SqlExecutor, intentId: string, lock = false): Promise<OrderRow | null> {
  const rows = await em.execute<Raw[]>(`select ${ORDER_COLUMNS} from orders o where o.payment_intent_id = ?${lock ? ' for update' : ''}`, [intentId]);
  return rows[0] ? toOrderRow(rows[0]) : null;
}

/**
 * Who reads a history step: `all` (buyer, seller, admins) or `seller` (the seller and admins only: money matters
 * between the marketplace and the seller, such as transfer reversals).
 */
export type HistoryAudience = 'all' | 'seller';

/** Appends one history step. */
export async function addHistory(
  em: SqlExecutor,
  orderId: string,
  state: OrderState,
  note: string | null,
  actor: 'buyer' | 'seller' | 'admin' | 'system',
  actorId: string | null,
  at: Date,
  audience: HistoryAudience = 'all',
): Promise<void> {
  await em.execute(`insert into order_history (order_id, state, note, actor, actor_id, at, audience) values (?, ?, ?, ?, ?, ?, ?)`, [
    orderId,
    state,
    note,
    actor,
    actorId,
    at.toISOString(),
    audience,
  ]);
}

/** Records one provider operation. */
export async function addPayment(
  em: SqlExecutor,
  p: { orderId: string; kind: 'charge' | 'refund' | 'transfer' | 'transfer_reversal'; provider: PaymentProviderName; ref: string | null; status: 'pending' | 'succeeded' | 'failed'; cents: number; at: Date },
): Promise<void> {
  await em.execute(
    `insert into order_payments (order_id, kind, provider, provider_ref, status, amount, created_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (kind, provider_ref) where provider_ref is not null do update set status = excluded.status`,
    [p.orderId, p.kind, p.provider, p.ref, p.status, formatCents(p.cents), p.at.toISOString()],
  );
}

/** The facts other modules read. */
export function toFacts(o: OrderRow): OrderFacts {
  return {
    id: o.id,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    partId: o.partId,
    source: o.source,
    sourceId: o.sourceId,
    state: o.state,
    priceCents: o.priceCents,
    totalCents: o.totalCents,
    refundedCents: o.refundedCents,
    finalSale: o.finalSale,
    partTitle: o.partTitle,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * Appends ledger lines of one order (every call passes a balanced set). With `once`, lines that a unique index
 * already holds are skipped (`on conflict do nothing`: the provider's fee); true when lines were added.
 */
export async function addLedger(
  em: SqlExecutor,
  order: Pick<OrderRow, 'id' | 'sellerId'>,
  lines: readonly { account: string; kind: string; cents: number; memo?: string }[],
  at: Date,
  options: { once?: boolean } = {},
): Promise<boolean> {
  if (!lines.length) return false;
  const values = lines.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  const params = lines.flatMap((l) => [order.id, order.sellerId, l.account, l.kind, formatCents(l.cents), l.memo ?? null, at.toISOString()]);
  const rows = await em.execute<{ id: string }[]>(
    `insert into ledger_entries (order_id, seller_id, account, kind, amount, memo, created_at) values ${values}${options.once ? ' on conflict do nothing' : ''} returning id`,
    params,
  );
  return rows.length > 0;
}

/** Whether the order's provider fee is booked. */
export async function hasProviderFee(em: SqlExecutor, orderId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from ledger_entries where order_id = ? and kind = 'provider_fee' limit 1`, [orderId]);
  return rows.length > 0;
}
