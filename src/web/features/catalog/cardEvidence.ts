import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { evidenceSentences } from './fitmentEvidence';
import type { FitmentEvidenceDto } from '../../../modules/catalog/part.dto';
import type { PartEvidenceDto } from '../../../modules/garage/garage.dto';

/** The server's limit of part ids per GET /api/garage/fitment-evidence. */
export const CARD_EVIDENCE_BATCH = 100;

/**
 * Gathers the part ids the cards ask for within one tick into requests of at most `max` ids: a page of results asks
 * once for all its cards, outside the search request. Each card gets its part's lines (none when the server names
 * none: no report, or a part the caller may not see); a failed request fails its own cards only.
 */
export function createEvidenceBatcher(fetchMany: (ids: string[]) => Promise<PartEvidenceDto[]>, max = CARD_EVIDENCE_BATCH) {
  let waiting = new Map<string, { resolve: (lines: FitmentEvidenceDto[]) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += max) {
      const chunk = ids.slice(i, i + max);
      fetchMany(chunk).then(
        (rows) => {
          const byPart = new Map(rows.map((r) => [r.partId, r.evidence]));
          for (const id of chunk) for (const caller of batch.get(id)!) caller.resolve(byPart.get(id) ?? []);
        },
        (error: unknown) => {
          for (const id of chunk) for (const caller of batch.get(id)!) caller.reject(error);
        },
      );
    }
  };

  return (partId: string): Promise<FitmentEvidenceDto[]> =>
    new Promise((resolve, reject) => {
      waiting.set(partId, [...(waiting.get(partId) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
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
