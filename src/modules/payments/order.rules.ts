import { storedCents } from '../../platform/money.js';
import { WINNER_PAY_WINDOW_MS } from '../auctions/index.js';
import type { PartDto } from '../catalog/index.js';
import type { OrderSource } from './order.dto.js';
import type { Order } from './order.entity.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The order's time limits (spec policy and issue 22). */
export const ORDER_TIMES = {
  /** Buy Now (and offers at a fixed price): the part is reserved this long from checkout start. */
  buyNowPayWindow: 15 * MINUTE,
  /** Auction wins, Buy It Now on auctions, reverse awards, offers: the buyer pays within 48 hours. */
  auctionPayWindow: WINNER_PAY_WINDOW_MS,
  shipReminder: 48 * HOUR,
  shipBy: 72 * HOUR,
  autoDeliver: 14 * DAY,
  returnWindow: 7 * DAY,
  inspection: 3 * DAY,
} as const;

/** How long the buyer has to pay an order of `source`. */
export const payWindow = (source: OrderSource): number => (source === 'buy_now' ? ORDER_TIMES.buyNowPayWindow : ORDER_TIMES.auctionPayWindow);

/** Whether an order came from an auction (a binding, final-sale purchase). */
export const isAuctionSource = (source: OrderSource): boolean => source === 'auction_won' || source === 'auction_buy_it_now';

/** The part is already in another open order (or sold): one part, one order. */
export const PART_TAKEN_MESSAGE = 'This part is already reserved in another checkout or sold';

/** Why a pending order cannot be paid yet, as the buyer is told. */
export const SELLER_NOT_READY_MESSAGE =
  'The seller has not finished setting up payouts yet. Your order is reserved; we will email you as soon as you can pay.';

/** Final Sale parts beyond auction wins: electrical parts and custom or modified parts (spec 000 §5 FAQ rules). */
export function isFinalSalePart(part: Pick<PartDto, 'category' | 'categoryName' | 'title' | 'description'>): boolean {
  if (/electric/i.test(`${part.category} ${part.categoryName ?? ''}`)) return true;
  return /\b(custom|modified|one-off|bespoke)\b/i.test(`${part.title} ${part.description}`);
}

/** An order's money in integer cents (its columns are exact decimals). */
export function orderCents(o: Pick<Order, 'price' | 'shippingCost' | 'total' | 'commission' | 'refunded' | 'commissionReturned'>) {
  return {
    price: storedCents(o.price),
    shipping: storedCents(o.shippingCost),
    total: storedCents(o.total),
    commission: storedCents(o.commission),
    refunded: storedCents(o.refunded),
    commissionReturned: storedCents(o.commissionReturned),
  };
}

/**
 * What an order allows now. `shippable`: paid, not shipped, in a state that ships (the seller, or an admin for
 * them, may ship it or cancel it with a full refund). `deliverable`: shipped, not delivered (the buyer may confirm
 * delivery). `binding`: an auction win, which its buyer cannot cancel.
 */
export function orderSteps(o: Pick<Order, 'paidAt' | 'shippedAt' | 'deliveredAt' | 'state' | 'source'>): { shippable: boolean; deliverable: boolean; binding: boolean } {
  return {
    shippable: Boolean(o.paidAt) && !o.shippedAt && (o.state === 'paid' || o.state === 'partially_refunded'),
    deliverable: Boolean(o.shippedAt) && !o.deliveredAt && (o.state === 'shipped' || o.state === 'partially_refunded'),
    binding: isAuctionSource(o.source),
  };
}
