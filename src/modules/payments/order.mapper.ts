import { formatCents, storedCents } from '../../platform/money.js';
import { ESCROW_THRESHOLD_CENTS } from './commission.rules.js';
import type { LedgerEntry } from './ledger-entry.entity.js';
import type { LedgerEntryDto, OrderDto, OrderHistoryEntryDto, OrderPaymentDto } from './order.dto.js';
import type { Order } from './order.entity.js';
import type { OrderHistory } from './order-history.entity.js';
import type { OrderPayment } from './order-payment.entity.js';
import type { OrderFacts } from './orders.api.js';
import { ORDER_TIMES, orderCents, orderSteps, SELLER_NOT_READY_MESSAGE } from './order.rules.js';

/** What a view of an order needs besides the order: the viewer, names, and the rows the viewer may read. */
export interface OrderViewContext {
  viewerId: string;
  viewerRole: 'buyer' | 'seller' | 'admin';
  now: Date;
  buyerName: string;
  sellerName: string;
  sellerPayoutsReady: boolean;
  history: readonly OrderHistory[];
  payments: readonly OrderPayment[];
  ledger: readonly LedgerEntry[] | null;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** One order as the viewer may see it: the commission and the seller's net only for the seller and admins. */
export function toOrderDto(o: Order, c: OrderViewContext): OrderDto {
  const isBuyer = c.viewerId === o.buyerId;
  const isSeller = c.viewerId === o.sellerId;
  const admin = c.viewerRole === 'admin';
  const seesMoney = isSeller || admin;
  const pending = o.state === 'pending_payment';
  const money = orderCents(o);
  const moneyLeft = money.total - money.refunded;
  const kept = money.commission - money.commissionReturned;
  const { shippable, deliverable: confirmable, binding } = orderSteps(o);
  const late = o.lateShipment || (Boolean(o.shipBy) && !o.shippedAt && Boolean(o.paidAt) && c.now > o.shipBy! && o.state !== 'cancelled');
  return {
    id: o.id,
    source: o.source,
    sourceId: o.sourceId,
    state: o.state,
    partId: o.partId,
    partTitle: o.partTitle,
    partImageUrl: o.partImageUrl,
    buyerId: o.buyerId,
    buyerName: c.buyerName,
    sellerId: o.sellerId,
    sellerName: c.sellerName,
    price: formatCents(money.price),
    shippingCost: formatCents(money.shipping),
    total: formatCents(money.total),
    commission: seesMoney ? formatCents(kept) : null,
    sellerNet: seesMoney ? formatCents(moneyLeft - kept) : null,
    refunded: formatCents(money.refunded),
    finalSale: o.finalSale,
    finalSaleAcknowledgedAt: iso(o.finalSaleAcknowledgedAt),
    escrow: {
      threshold: formatCents(ESCROW_THRESHOLD_CENTS),
      applies: money.total >= ESCROW_THRESHOLD_CENTS,
      choice: o.escrowChoice,
      waiverSignedAt: iso(o.waiverSignedAt),
      inspectionEndsAt: o.escrowChoice === 'escrow' && o.deliveredAt ? new Date(o.deliveredAt.getTime() + ORDER_TIMES.inspection).toISOString() : null,
      releasedAt: iso(o.escrowReleasedAt),
    },
    shippingAddress: isBuyer || isSeller || admin ? o.shippingAddress : null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    payBy: pending ? iso(o.payBy) : null,
    shipBy: iso(o.shipBy),
    lateShipment: late,
    returnWindowEndsAt: o.deliveredAt ? new Date(o.deliveredAt.getTime() + ORDER_TIMES.returnWindow).toISOString() : null,
    sellerPayoutsReady: c.sellerPayoutsReady,
    waitingReason: pending && !c.sellerPayoutsReady ? SELLER_NOT_READY_MESSAGE : null,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    viewerRole: isBuyer ? 'buyer' : isSeller ? 'seller' : 'admin',
    history: c.history.map(historyDto),
    payments: c.payments.map(paymentDto),
    ledger: admin && c.ledger ? c.ledger.map(ledgerDto) : null,
    actions: {
      canPay: isBuyer && pending && c.sellerPayoutsReady,
      canShip: (isSeller || (admin && !isBuyer)) && shippable,
      canConfirm: isBuyer && confirmable,
      // As OrderService.cancel decides: the viewer's part in the order first, an admin's powers only outside it.
      canCancel: pending ? isSeller || (isBuyer ? !binding : admin) : shippable && (isSeller || (admin && !isBuyer)),
      canRefund: admin && Boolean(o.paidAt) && moneyLeft > 0,
    },
  };
}

const historyDto = (h: OrderHistory): OrderHistoryEntryDto => ({ state: h.state, note: h.note ?? null, actor: h.actor, at: h.at.toISOString() });

const paymentDto = (p: OrderPayment): OrderPaymentDto => ({
  id: p.id,
  kind: p.kind,
  provider: p.provider,
  providerRef: p.providerRef ?? null,
  status: p.status,
  amount: formatCents(storedCents(p.amount)),
  createdAt: p.createdAt.toISOString(),
});

const ledgerDto = (l: LedgerEntry): LedgerEntryDto => ({
  id: String(l.id),
  orderId: l.orderId,
  sellerId: l.sellerId,
  account: l.account,
  kind: l.kind,
  amount: formatCents(storedCents(l.amount)),
  memo: l.memo ?? null,
  createdAt: l.createdAt.toISOString(),
});

/** The facts other modules read (OrdersApi.findOrder). */
export function toFacts(o: Order): OrderFacts {
  const money = orderCents(o);
  return {
    id: o.id,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    partId: o.partId ?? null,
    source: o.source,
    sourceId: o.sourceId ?? null,
    state: o.state,
    priceCents: money.price,
    totalCents: money.total,
    refundedCents: money.refunded,
    finalSale: o.finalSale,
    partTitle: o.partTitle,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
  };
}
