import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { FitmentEvidenceSource, type EvidenceKey, type FitmentEvidenceDto } from '../catalog/index.js';
import { evidenceLines, evidenceNumbers } from './fitment-evidence.rules.js';
import { reportCounts } from './fitment-report.repository.js';
import { FitmentReport } from './fitment-report.entity.js';
import { toFitmentReportDto } from './fitment-report.service.js';
import type { FitAnswer, FitmentReportDto } from './garage.dto.js';

/** The console's filters of GET /api/admin/fitment-reports. */
export interface FitmentReportFilter {
  fits?: FitAnswer;
  partId?: string;
  sellerId?: string;
  declared?: boolean;
  ids?: string[];
}

/**
 * Reading fitment reports: the part page's evidence (the catalog's FitmentEvidenceSource, one statement on the read
 * pool for all the parts asked) and the console's list.
 */
@injectable()
export class FitmentEvidenceService extends FitmentEvidenceSource {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async evidence(parts: readonly EvidenceKey[]): Promise<Map<string, FitmentEvidenceDto[]>> {
    if (!parts.length) return new Map();
    const rows = await reportCounts(this.db.runner('read'), [...new Set(parts.map((p) => p.id))], evidenceNumbers(parts));
    return new Map(parts.map((p) => [p.id, evidenceLines(p, rows)]));
  }

  /** A page of reports for the console, newest first by default. */
  async list(filter: FitmentReportFilter, page: ConsolePage): Promise<{ rows: FitmentReportDto[]; total: number }> {
    const where = {
      ...(filter.ids && { id: { $in: filter.ids } }),
      ...(filter.fits && { fits: filter.fits }),
      ...(filter.partId && { partId: filter.partId }),
      ...(filter.sellerId && { sellerId: filter.sellerId }),
      ...(filter.declared !== undefined && { declared: filter.declared }),
    };
    const [rows, total] = await this.db.em.findAndCount(FitmentReport, where, consolePageOptions(page));
    return { rows: rows.map(toFitmentReportDto), total };
  }
}
