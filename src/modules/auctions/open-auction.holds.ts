import { inject, injectable } from 'inversify';
import type pg from 'pg';
import { uuidArray } from '../../platform/db/uuid.js';
import { TOKENS } from '../../platform/tokens.js';
import { PartHolds } from '../catalog/index.js';

/** Auction statuses in which an auction holds its part (at most one per part: `auctions_one_open_per_part`). */
export const OPEN_STATUSES = ['scheduled', 'active'] as const;

/**
 * The catalog's PartHolds from the auctions table: one look-up of the partial unique index per page of parts, on
 * the read pool, since search and part pages ask it.
 */
@injectable()
export class OpenAuctionHolds extends PartHolds {
  constructor(@inject(TOKENS.PgReadPool) private readonly pool: pg.Pool) {
    super();
  }

  async openAuctions(partIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (!partIds.length) return new Map();
    const { rows } = await this.pool.query<{ part_id: string; id: string }>({
      name: 'auctions-open-of-parts',
      text: `select part_id, id from auctions where part_id = any($1::uuid[]) and status in ('scheduled', 'active')`,
      values: [uuidArray(partIds)],
    });
    return new Map(rows.map((r) => [r.part_id, r.id]));
  }
}
