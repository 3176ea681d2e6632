import type { FitmentEvidenceDto } from './fitment-question.dto.js';

/**
 * What returns asks of "Will it fit my ...?" at return time (the order records nothing: the answer is looked up
 * by the buyer, the part and the order's creation, docs/decisions/garage.md).
 */
export abstract class FitmentEvidence {
  /** The seller's "yes" to `buyerId` about one of their vehicles and this part, answered by `orderCreatedAt`, or null. */
  abstract confirmedFit(buyerId: string, partId: string, orderCreatedAt: Date): Promise<FitmentEvidenceDto | null>;
  /** An answered "yes" by its question id (the evidence a return recorded), or null. */
  abstract evidence(questionId: string): Promise<FitmentEvidenceDto | null>;
}
