import { formatCents, storedCents } from '../../platform/money.js';
import type { LedgerEntryDto, OrderDto, OrderHistoryEntryDto, OrderPaymentDto } from './order.dto.js';
import type { OrderRow } from './order.repository.js';
import { ESCROW_THRESHOLD_CENTS } from './commission.rules.js';
import { ORDER_TIMES } from './payments.jobs.js';

export interface OrderViewContext {
  viewerId: string;
  viewerRole: 'buyer' | 'seller' | 'admin';
  now: Date;
  buyerName: string;
  sellerName: string;
  sellerPayoutsReady: boolean;
  history: OrderHistoryEntryDto[];
  payments: OrderPaymentDto[];
  ledger: LedgerEntryDto[] | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Why a pending order cannot be paid yet, as the buyer is told. */
export const SELLER_NOT_READY_MESSAGE =
  'The seller has not finished setting up payouts yet. Your order is reserved; we will email you as soon as you can pay.';

/** One order as the viewer may see it: the commission and the seller's net only for the seller and admins. */
export function toOrderDto(o: OrderRow, c: OrderViewContext): OrderDto {
  const isBuyer = c.viewerId === o.buyerId;
  const isSeller = c.viewerId === o.sellerId;
  const admin = c.viewerRole === 'admin';
  const seesMoney = isSeller || admin;
  const pending = o.state === 'pending_payment';
  const moneyLeft = o.totalCents - o.refundedCents;
  const shippable = Boolean(o.paidAt) && !o.shippedAt && (o.state === 'paid' || o.state === 'partially_refunded');
  const confirmable = Boolean(o.shippedAt) && !o.deliveredAt && (o.state === 'shipped' || o.state === 'partially_refunded');
  const auctionSource = o.source === 'auction_won' || o.source === 'auction_buy_it_now';
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
    price: formatCents(o.priceCents),
    shippingCost: formatCents(o.shippingCents),
    total: formatCents(o.totalCents),
    commission: seesMoney ? formatCents(o.commissionCents - o.commissionReturnedCents) : null,
    sellerNet: seesMoney ? formatCents(moneyLeft - (o.commissionCents - o.commissionReturnedCents)) : null,
    refunded: formatCents(o.refundedCents),
    finalSale: o.finalSale,
    finalSaleAcknowledgedAt: iso(o.finalSaleAcknowledgedAt),
    escrow: {
      threshold: formatCents(ESCROW_THRESHOLD_CENTS),
      applies: o.totalCents >= ESCROW_THRESHOLD_CENTS,
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
    history: c.history,
    payments: c.payments,
    ledger: admin ? c.ledger : null,
    actions: {
      canPay: isBuyer && pending && c.sellerPayoutsReady,
      canShip: (isSeller || (admin && !isBuyer)) && shippable,
      canConfirm: isBuyer && confirmable,
      // As OrderService.cancel decides: the viewer's part in the order first, an admin's powers only outside it.
      canCancel: pending ? isSeller || (isBuyer ? !auctionSource : admin) : shippable && (isSeller || (admin && !isBuyer)),
      canRefund: admin && Boolean(o.paidAt) && moneyLeft > 0,
    },
  };
}

// biome-ignore lint: raw rows
type Raw = Record<string, any>;

export const historyDto = (r: Raw): OrderHistoryEntryDto => ({ state: r.state, note: r.note, actor: r.actor, at: new Date(r.at).toISOString() });
export const paymentDto = (r: Raw): OrderPaymentDto => ({
  id: r.id,
  kind: r.kind,
  provider: r.provider,
  providerRef: r.provider_ref,
  status: r.status,
  amount: formatCents(storedCents(r.amount)),
  createdAt: new Date(r.created_at).toISOString(),
});
export const ledgerDto = (r: Raw): LedgerEntryDto => ({
  id: String(r.id),
  orderId: r.order_id,
  sellerId: r.seller_id,
  account: r.account,
  kind: r.kind,
  amount: formatCents(storedCents(r.amount)),
  memo: r.memo,
  createdAt: new Date(r.created_at).toISOString(),
});
