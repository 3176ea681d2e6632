import { inject, injectable } from 'inversify';
import { uuidArray } from '../../platform/db/uuid.js';
import { PartHolds } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';

/** Auction statuses in which an auction holds its part (at most one per part: `auctions_one_open_per_part`). */
export const OPEN_STATUSES = ['scheduled', 'active'] as const;

/**
 * The catalog's PartHolds from the auctions table: one look-up of the partial unique index per page of parts, on
 * the read pool, since search and part pages ask it.
 */
@injectable()
export class OpenAuctionHolds extends PartHolds {
  private readonly sql: SqlRunner;

  constructor(@inject(Database) private readonly db: Database) {
    super();
    this.sql = db.runner('read');
  }

  async openAuctions(partIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (!partIds.length) return new Map();
    const sql = `select part_id, id from auctions where part_id = any(?::uuid[]) and status in ('scheduled', 'active')`;
    const params = [uuidArray(partIds)];
    // Inside a transaction (an order being created) through it; else on the read connection.
    const rows = this.db.inTransaction
      ? await this.db.em.execute<{ part_id: string; id: string }[]>(sql, params)
      : await this.sql.runPrepared<{ part_id: string; id: string }>(sql, params);
    return new Map(rows.map((r) => [r.part_id, r.id]));
  }
}
