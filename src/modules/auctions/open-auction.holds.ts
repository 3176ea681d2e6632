import { inject, injectable } from 'inversify';
import { PartHolds } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';
import { openAuctionsOfParts } from './auction.repository.js';

/** The catalog's PartHolds from the auctions table: a part is held while it has an open (scheduled or active) auction. */
@injectable()
export class OpenAuctionHolds extends PartHolds {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async openAuctions(partIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (!partIds.length) return new Map();
    return openAuctionsOfParts(this.db, partIds);
  }
}
