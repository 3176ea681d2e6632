import type { FitmentEvidenceDto } from './part.dto.js';

/** A part as fitment evidence is looked up: by its id and by its normalised part number (reports follow the number). */
export interface EvidenceKey {
  id: string;
  /** Letters and digits, upper case ("GM-3970010" -> "GM3970010"); null when the part has no number. */
  partNumberNorm: string | null;
  /** The other numbers of the interchange groups holding `partNumberNorm`: their listings' reports count too. */
  interchangeNorms?: readonly string[];
}

/**
 * The garage's side of the part page's fitment evidence (buyers' "Did it fit?" reports): the catalog asks it once
 * per part page, for one or several parts in one query, and never reads the garage's tables. The garage binds it.
 */
export abstract class FitmentEvidenceSource {
  /** The evidence lines of each part (every key gets an entry, empty when nobody reported). */
  abstract evidence(parts: readonly EvidenceKey[]): Promise<Map<string, FitmentEvidenceDto[]>>;
}
