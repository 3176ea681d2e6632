import type { OrderDto } from '../../../modules/payments/order.dto';
import type { ReturnDto, ReturnEventDto, ReturnReasonDto, ReturnStateDto } from '../../../modules/returns/return.dto';
import { MAX_RETURN_PHOTOS, RETURN_FORM_MESSAGES } from '../../../modules/returns/return.messages';
import { formatUsdCents } from '../../lib/format';

/** The reasons, as the server takes them and the buyer reads them. */
export const RETURN_REASON_OPTIONS: { value: ReturnReasonDto; label: string; needsPhotos: boolean; preference: boolean }[] = [
  { value: 'not as described', label: 'Not as described', needsPhotos: true, preference: false },
  { value: 'damaged in transit', label: 'Damaged in transit', needsPhotos: true, preference: false },
  { value: 'wrong item', label: 'Wrong item', needsPhotos: true, preference: false },
  { value: "doesn't fit", label: "Doesn't fit", needsPhotos: false, preference: true },
  { value: 'changed my mind', label: 'Changed my mind', needsPhotos: false, preference: true },
];

export { MAX_RETURN_PHOTOS };
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

const STATE_LABELS: Record<ReturnStateDto, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  shipped_back: 'Shipped back',
  received: 'Received by seller',
  refunded: 'Refunded',
  closed: 'Closed',
  escalated: 'With Pitlane',
};

export const returnStateLabel = (state: ReturnStateDto) => STATE_LABELS[state] ?? state;

export const reasonLabel = (reason: ReturnReasonDto) => RETURN_REASON_OPTIONS.find((o) => o.value === reason)?.label ?? reason;

const ACTION_LABELS: Record<ReturnEventDto['action'], string> = {
  request: 'Return requested',
  approve: 'Approved by the seller',
  decline: 'Declined by the seller',
  ship: 'Shipped back',
  receive: 'Received by the seller',
  refund: 'Refunded',
  escalate: 'Escalated to Pitlane',
  decide: "Pitlane's decision",
  close: 'Closed',
};

/** The heading of a timeline step; an admin's step and a system escalation read as Pitlane's. */
export function timelineLabel(event: ReturnEventDto): string {
  if (event.action === 'escalate' && event.actorRole === 'system') return 'Escalated: no answer from the seller in time';
  if (event.action === 'approve' && event.actorRole === 'admin') return 'Approved by Pitlane';
  return ACTION_LABELS[event.action] ?? event.action;
}

export const SHIPPING_PAYER_TEXT: Record<ReturnDto['shippingPaidBy'], string> = {
  buyer: 'You pay return shipping.',
  seller: 'The seller pays return shipping.',
  carrier_claim: 'Shipping damage goes to a carrier claim.',
};

/** Whether the order page may offer a return now: delivered, and the 7-day window still open. */
export function canRequestReturn(order: Pick<OrderDto, 'state' | 'deliveredAt' | 'returnWindowEndsAt'>, now: Date): boolean {
  if (!order.deliveredAt || !['delivered', 'completed'].includes(order.state)) return false;
  const ends = order.returnWindowEndsAt ? new Date(order.returnWindowEndsAt) : new Date(new Date(order.deliveredAt).getTime() + 7 * 86_400_000);
  return now.getTime() <= ends.getTime();
}

/** Whether the order page invites a review: delivered or completed. */
export const canReview = (order: Pick<OrderDto, 'state'>) => ['delivered', 'completed'].includes(order.state);

export interface ReturnFormValues {
  reason: ReturnReasonDto | '';
  details: string;
  photos: string[];
}

/** The form's own checks, in the server's words. */
export function validateReturnForm(values: ReturnFormValues): Partial<Record<'reason' | 'details' | 'photos', string>> {
  const errors: Partial<Record<'reason' | 'details' | 'photos', string>> = {};
  const option = RETURN_REASON_OPTIONS.find((o) => o.value === values.reason);
  if (!option) errors.reason = RETURN_FORM_MESSAGES.reason;
  if (!values.details.trim()) errors.details = RETURN_FORM_MESSAGES.details;
  if (option?.needsPhotos && values.photos.length === 0) errors.photos = 'Add 1 to 5 photos showing the problem (JPEG or PNG, up to 5 MB each).';
  if (values.photos.length > MAX_RETURN_PHOTOS) errors.photos = RETURN_FORM_MESSAGES.tooManyPhotos;
  return errors;
}

/** Why a chosen file cannot be a return photo, or null when it can. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'Photos must be JPEG or PNG images';
  if (file.size > MAX_PHOTO_BYTES) return 'Each photo must be 5 MB or smaller';
  return null;
}

/**
 * The refund field's hint: what an empty amount refunds. The whole order when nothing was refunded yet, else what is
 * left of it ("remaining $780.00 of $880.00"), the most the server takes.
 */
export function refundHint(ret: Pick<ReturnDto, 'orderTotal' | 'refundable'>): string {
  const total = formatUsdCents(ret.orderTotal);
  if (ret.refundable === null || Number(ret.refundable) >= Number(ret.orderTotal)) return `(leave empty for the full ${total})`;
  return `(leave empty for the remaining ${formatUsdCents(ret.refundable)} of ${total})`;
}

/** The seller's list filter by default: the returns waiting for them (to answer, receive or refund). */
export const SELLER_DEFAULT_FILTER = 'awaiting_seller';
