import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { CatalogApi } from '../catalog/index.js';
import { FitmentEvidenceService } from './fitment-evidence.service.js';
import type { PartEvidenceDto } from './garage.dto.js';

/**
 * The part cards' fitment evidence (issue 35): a page of search results asks once for all its cards, outside the
 * search itself, so search pays nothing. Apart from FitmentEvidenceService because the catalog's part page depends
 * on that one (through FitmentEvidenceSource), and this one on the catalog.
 */
@injectable()
export class CardEvidenceService {
  constructor(
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(FitmentEvidenceService) private readonly evidence: FitmentEvidenceService,
  ) {}

  /**
   * GET /api/garage/fitment-evidence?partIds=: the evidence of the parts the caller may see, in the order asked
   * (hidden and unknown ids left out). Two statements whatever the number of parts: the parts' numbers with their
   * interchangeable numbers, then the reports.
   */
  async forCards(actor: Actor | null, partIds: readonly string[]): Promise<PartEvidenceDto[]> {
    const keys = await this.catalog.visibleEvidenceKeys(partIds, actor);
    const evidence = await this.evidence.evidence(keys);
    return keys.map((k) => ({ partId: k.id, evidence: evidence.get(k.id) ?? [] }));
  }
}
