import { inject, injectable } from 'inversify';
import type { PartDto } from './part.dto.js';
import { PartService } from './part.service.js';

/** What other modules may ask of the catalog. */
export abstract class CatalogApi {
  /** Parts by id in any state (callers apply their own visibility rules); unknown ids are left out. */
  abstract findParts(ids: string[]): Promise<PartDto[]>;
}

@injectable()
export class CatalogApiImpl extends CatalogApi {
  constructor(@inject(PartService) private readonly parts: PartService) {
    super();
  }
  async findParts(ids: string[]): Promise<PartDto[]> {
    return this.parts.findByIds(ids);
  }
}
