import { formatCents, storedCents } from '../../platform/money.js';
import type { ReturnActionName, ReturnDto, ReturnEventDto } from './return.dto.js';
import type { Return } from './return.entity.js';
import type { ReturnEvent } from './return-event.entity.js';
import { canDo, returnPolicyNote, type ReturnState } from './return.rules.js';
import type { Viewer } from './return-steps.js';

const money = (v: string | null) => (v === null ? null : formatCents(storedCents(v)));
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** What `viewer` may do with a return in `state`. */
export function actionsOf(viewer: Viewer, state: ReturnState): ReturnActionName[] {
  const mine: Record<Viewer, ReturnActionName[]> = {
    buyer: ['ship', 'escalate'],
    seller: ['approve', 'decline', 'receive', 'refund'],
    admin: ['decide'],
  };
  return mine[viewer].filter((a) => canDo(a, state));
}

/** One step of the history. */
export const toReturnEventDto = (e: ReturnEvent): ReturnEventDto => ({
  id: String(e.id),
  state: e.state,
  action: e.action,
  actorRole: e.actorRole,
  actorId: e.actorId ?? null,
  note: e.note ?? null,
  at: e.at.toISOString(),
});

/** A return as `viewer` sees it, with the people's names and its history (empty when not read). */
export function toReturnDto(r: Return, viewer: Viewer, names: Map<string, string>, history: ReturnEventDto[]): ReturnDto {
  return {
    id: r.id,
    orderId: r.orderId,
    buyerId: r.buyerId,
    buyerName: names.get(r.buyerId) ?? null,
    sellerId: r.sellerId,
    sellerName: names.get(r.sellerId) ?? null,
    partId: r.partId ?? null,
    partTitle: r.partTitle,
    reason: r.reason,
    details: r.details,
    photos: r.photos,
    state: r.state,
    shippingPaidBy: r.shippingPaidBy,
    policyNote: returnPolicyNote(r.reason, r.fitmentQuestionId != null),
    orderTotal: money(r.orderTotal)!,
    refundable: null,
    relistable: false,
    respondBy: r.respondBy.toISOString(),
    instructions: r.instructions ?? null,
    declineReason: r.declineReason ?? null,
    carrier: r.carrier ?? null,
    trackingNumber: r.trackingNumber ?? null,
    refundAmount: r.state === 'refunded' ? money(r.refundAmount ?? null) : null,
    escalatedAt: iso(r.escalatedAt ?? null),
    escalationReason: r.escalationReason ?? null,
    adminDecision: r.adminDecision ?? null,
    adminNote: r.adminNote ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    viewerRole: viewer,
    actions: actionsOf(viewer, r.state),
    history,
    fitEvidence: null,
  };
}
