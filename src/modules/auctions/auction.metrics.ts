import { inject, injectable } from 'inversify';
import { MetricsSource, type MetricFamily } from '../../platform/metrics.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';

const BID_TYPES = ['regular', 'proxy', 'buy_it_now'] as const;

/** The auctions' figures on GET /api/metrics: bids recorded, by type (proxy bids and Buy It Now included). */
@injectable()
export class AuctionMetrics extends MetricsSource {
  constructor(@inject(Database) database: Database) {
    super();
    this.sql = database.runner('read');
  }

  private readonly sql: SqlRunner;

  async read(): Promise<MetricFamily[]> {
    const rows = await this.sql.run<{ bid_type: string; n: number }>('select bid_type, count(*)::int as n from bids group by bid_type');
    const count = new Map(rows.map((r) => [r.bid_type, r.n]));
    return [
      {
        name: 'pitlane_bids_total',
        help: 'Bids recorded in the database, by type (the same figure in every process: aggregate with max)',
        type: 'counter',
        labelNames: ['type'],
        values: BID_TYPES.map((type) => ({ labels: { type }, value: count.get(type) ?? 0 })),
      },
    ];
  }
}
