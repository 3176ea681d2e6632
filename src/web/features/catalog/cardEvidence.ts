import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { createTickBatcher } from '../../lib/tickBatcher';
import { evidenceSentences } from './fitmentEvidence';
import type { FitmentEvidenceDto } from '../../../modules/catalog/part.dto';
import type { PartEvidenceDto } from '../../../modules/garage/garage.dto';

/** The server's limit of part ids per GET /api/garage/fitment-evidence. */
export const CARD_EVIDENCE_BATCH = 100;

/** A page of results asks once for all its cards' evidence, outside the search request (see createTickBatcher). */
export function createEvidenceBatcher(fetchMany: (ids: string[]) => Promise<PartEvidenceDto[]>, max = CARD_EVIDENCE_BATCH) {
  return createTickBatcher({ fetchMany, idOf: (r) => r.partId, valueOf: (r) => r.evidence, empty: (): FitmentEvidenceDto[] => [], max });
}

const buyers = (n: number) => `${n} buyer${n === 1 ? '' : 's'}`;

/**
 * A card's one line of evidence: "Fit confirmed by 3 buyers" (every confirmation of the part, on any vehicle), else
 * the part page's first sentence ("1 buyer: needed modification (1970 Camaro)"); null when nobody reported.
 */
export function cardEvidenceLine(evidence: readonly FitmentEvidenceDto[]): string | null {
  const confirmed = evidence.reduce((n, l) => n + l.confirmed, 0);
  if (confirmed) return `Fit confirmed by ${buyers(confirmed)}`;
  return evidenceSentences(evidence)[0] ?? null;
}

const cardEvidence = createEvidenceBatcher((ids) =>
  apiRequest<PartEvidenceDto[]>(`/api/garage/fitment-evidence?partIds=${ids.map(encodeURIComponent).join(',')}`),
);

/** The buyers' fitment evidence of a part card, fetched with the page's other cards. */
export function useCardEvidence(partId: string) {
  return useQuery({
    queryKey: ['card-fitment-evidence', partId],
    queryFn: () => cardEvidence(partId),
    staleTime: 5 * 60_000,
  });
}
