import { inject, injectable } from 'inversify';
import { MetricsSource, type MetricFamily } from '../../platform/metrics.js';
import { Database } from '../../platform/db/database.js';
import { countBidsByType } from './auction.repository.js';

const BID_TYPES = ['regular', 'proxy', 'buy_it_now'] as const;

/** The auctions' figures on GET /api/metrics: bids recorded, by type (proxy bids and Buy It Now included). */
@injectable()
export class AuctionMetrics extends MetricsSource {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async read(): Promise<MetricFamily[]> {
    const count = await countBidsByType(this.db);
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
