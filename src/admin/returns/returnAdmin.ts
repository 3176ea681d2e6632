import type { ReturnDto } from '../../modules/returns/return.dto';
import { RETURN_FORM_MESSAGES } from '../../modules/returns/return.messages';
import type { ReturnDecisionInput } from '../../modules/returns/returns.inputs';

export const RETURN_STATE_CHOICES = [
  { id: 'escalated', name: 'Escalated (to decide)' },
  { id: 'requested', name: 'Requested' },
  { id: 'approved', name: 'Approved' },
  { id: 'declined', name: 'Declined' },
  { id: 'shipped_back', name: 'Shipped back' },
  { id: 'received', name: 'Received' },
  { id: 'refunded', name: 'Refunded' },
  { id: 'closed', name: 'Closed' },
];

export const stateName = (state: ReturnDto['state']) => RETURN_STATE_CHOICES.find((c) => c.id === state)?.name.replace(' (to decide)', '') ?? state;

export interface DecisionInput {
  decision: 'refund' | 'approve' | 'reject';
  amount: string;
  note: string;
}

/** The decision's body for PUT /api/admin/returns/{id}, or the first problem with it. */
export function decisionBody(input: DecisionInput, orderTotal: string): { ok: true; body: ReturnDecisionInput } | { ok: false; error: string } {
  if (!input.note.trim()) return { ok: false, error: RETURN_FORM_MESSAGES.note };
  if (input.decision !== 'refund') return { ok: true, body: { decision: input.decision, note: input.note.trim() } };
  const amount = input.amount.trim();
  if (!amount) return { ok: true, body: { decision: 'refund', note: input.note.trim() } };
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return { ok: false, error: 'Give the refund as an amount like 120.50' };
  if (Number(amount) > Number(orderTotal)) return { ok: false, error: `At most the order's total, $${orderTotal}` };
  return { ok: true, body: { decision: 'refund', amount, note: input.note.trim() } };
}
