/** The returns API's answers, declared once here, declarations only; both front ends import them with `import type`. */

export type ReturnReasonDto = 'not as described' | 'damaged in transit' | 'wrong item' | "doesn't fit" | 'changed my mind';
export type ReturnStateDto = 'requested' | 'approved' | 'declined' | 'shipped_back' | 'received' | 'refunded' | 'closed' | 'escalated';

/** One step of a return's history: every change, with who made it and what they wrote (the return's messages). */
export interface ReturnEventDto {
  id: string;
  /** The state the return entered (or stayed in). */
  state: ReturnStateDto;
  action: 'request' | 'approve' | 'decline' | 'ship' | 'receive' | 'refund' | 'escalate' | 'decide' | 'close';
  actorRole: 'buyer' | 'seller' | 'admin' | 'system';
  actorId: string | null;
  note: string | null;
  at: string;
}

/** A return request (GET /api/returns/{id}; rows of GET /api/returns and of the console's returns resource). */
export interface ReturnDto {
  id: string;
  orderId: string;
  buyerId: string;
  buyerName: string | null;
  sellerId: string;
  sellerName: string | null;
  partId: string | null;
  partTitle: string;
  reason: ReturnReasonDto;
  details: string;
  photos: { url: string }[];
  state: ReturnStateDto;
  /** Who pays return shipping: the seller for a misrepresented part, the carrier claim for transit damage, else the buyer. */
  shippingPaidBy: 'buyer' | 'seller' | 'carrier_claim';
  /** The policy sentence that goes with the reason (who pays shipping, carrier claim guidance). */
  policyNote: string;
  /** The order's total (decimal string): the most a refund can be. */
  orderTotal: string;
  /**
   * What is left to refund (decimal string): the order's total less the refunds made already, the most a refund can
   * be now. On a single return's answer (GET /api/returns/{id} and the steps' answers); null in lists.
   */
  refundable: string | null;
  /**
   * The seller may put the part back on sale (POST /api/returns/{id}/relist): it came back, the return was refunded,
   * and it is still sold by this order. On a single return's answer to its seller; false otherwise.
   */
  relistable: boolean;
  /** The seller approves or declines by this moment (3 business days), else the admins take over. */
  respondBy: string;
  instructions: string | null;
  declineReason: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  refundAmount: string | null;
  escalatedAt: string | null;
  escalationReason: string | null;
  adminDecision: 'refund' | 'approve' | 'reject' | null;
  adminNote: string | null;
  createdAt: string;
  updatedAt: string;
  /** The viewer's side of the return. */
  viewerRole: 'buyer' | 'seller' | 'admin';
  /** What the viewer may do now. */
  actions: ReturnActionName[];
  history: ReturnEventDto[];
  /**
   * For a "doesn't fit" return accepted on the seller's word: the buyer's fitment question (vehicle, question,
   * photos) and the seller's "yes" before the order, the evidence. On a single return's answer; null otherwise.
   */
  fitEvidence: FitEvidenceDto | null;
}

/**
 * The seller's "yes" a "doesn't fit" return rests on (issue 35): the buyer's question about one garage vehicle, its
 * photos (a casting number, a VIN plate) and the answer, given before the order. The garage provides it (FitEvidence).
 */
export interface FitEvidenceDto {
  /** The fitment question's id. */
  id: string;
  partId: string;
  vehicle: string;
  question: string;
  photos: { url: string }[];
  fits: 'yes';
  answer: string;
  askedAt: string;
  answeredAt: string;
}

export type ReturnActionName = 'approve' | 'decline' | 'ship' | 'receive' | 'refund' | 'escalate' | 'decide';
