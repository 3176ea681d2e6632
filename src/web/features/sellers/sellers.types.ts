/**
 * Transitional: ReputationCard.tsx, being changed in another session, still imports these two names. Both are the
 * server's answers (reputation.dto.ts); once that card imports ReputationDto and ReviewDto itself, this file goes.
 */
import type { ReputationDto, ReviewDto } from '../../../modules/sellers/reputation.dto';

export type SellerReputation = ReputationDto;
/** The server names the reviewer `reviewerName`; `buyerName` is never sent (the card still falls back to it). */
export type SellerReview = ReviewDto & { buyerName?: undefined };
