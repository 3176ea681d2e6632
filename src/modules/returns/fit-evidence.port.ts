import type { FitEvidenceDto } from './return.dto.js';

/**
 * What returns asks of the garage's "Will it fit my ...?" at return time (bound by the garage; the order records
 * nothing: the answer is looked up by the buyer, the part and the order's creation, docs/decisions/returns.md).
 */
export abstract class FitEvidence {
  /** The seller's "yes" to `buyerId` about one of their vehicles and this part, answered by `orderCreatedAt`, or null. */
  abstract confirmedFit(buyerId: string, partId: string, orderCreatedAt: Date): Promise<FitEvidenceDto | null>;
  /** An answered "yes" by its question id (the evidence a return recorded), or null. */
  abstract evidence(questionId: string): Promise<FitEvidenceDto | null>;
}
