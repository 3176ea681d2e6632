import { inject, injectable } from 'inversify';

import { isUuid } from '../../platform/db/uuid.js';
import { containsPattern } from '../../platform/db/like.js';
import type { CategoryDto, MakeDto } from './part.dto.js';
import { CatalogLookups } from './catalog.lookups.js';
import { Database } from '../../platform/db/database.js';
import { PartFitment } from './part-fitment.entity.js';
import { publicPartsTitled } from './part.repository.js';

export { VehicleFilterSource, type VehicleFilter } from './vehicle-filter.port.js';

/** One vehicle compatibility entry of a part, as fitment checks read it. */
export interface FitmentEntry {
  partId: string;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  /** The engine the entry names, as typed; null for any engine. */
  engine: string | null;
}

/**
 * The makes and categories lists (GET /api/makes, /api/categories) for other modules' validation and names, and
 * parts' vehicle entries for fitment answers.
 */
@injectable()
export class CatalogReference {
  constructor(
    @inject(CatalogLookups) private readonly lookups: CatalogLookups,
    @inject(Database) private readonly db: Database,
  ) {}

  /** The vehicle entries of `partIds` (any state), in one query, in each part's order. */
  async fitments(partIds: readonly string[]): Promise<FitmentEntry[]> {
    if (!partIds.length) return [];
    const rows = await this.db.em.find(PartFitment, { partId: { $in: [...new Set(partIds)].filter(isUuid) } }, { orderBy: { partId: 'asc', position: 'asc' } });
    return rows.map((r) => ({ partId: r.partId, make: r.make, model: r.model, yearStart: r.yearStart ?? null, yearEnd: r.yearEnd ?? null, engine: r.engine ?? null }));
  }

  /** Up to `limit` public parts whose title holds `q` (the garage's watch form picker), newest first. */
  async searchParts(q: string, limit = 10): Promise<{ id: string; title: string; price: string; imageUrl: string | null }[]> {
    const rows = await publicPartsTitled(this.db.em, containsPattern(q), limit);
    return rows.map((r) => ({ id: r.id, title: r.title, price: r.price, imageUrl: r.image_url }));
  }

  /** All makes, by name. */
  async makes(): Promise<MakeDto[]> {
    return (await this.lookups.get()).makes;
  }

  /** All categories. */
  async categories(): Promise<CategoryDto[]> {
    return (await this.lookups.get()).categories;
  }
}
