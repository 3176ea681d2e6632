import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { WriteBehind, WriteBehindRegistry } from '../../platform/write-behind.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { addDailyCounts, type DailyCounts } from './featured-listing.sql.js';

/** How long counts wait in memory before their batch is written. */
export const FEATURED_STATS_FLUSH_MS = 5_000;

/**
 * Impressions and clicks of placements. The request path only adds to memory; every FEATURED_STATS_FLUSH_MS one
 * statement upserts the day's counters of every placement counted meanwhile (featured-listing.sql.ts; placements
 * deleted in between are skipped by the join).
 */
@injectable()
export class FeaturedStatsRecorder {
  private readonly counts: WriteBehind<DailyCounts>;
  private readonly sql: SqlRunner;

  constructor(
    @inject(Database) database: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(TOKENS.Logger) logger: Logger,
    @inject(WriteBehindRegistry) registry: WriteBehindRegistry,
  ) {
    this.sql = database.runner('write');
    this.counts = new WriteBehind<DailyCounts>({
      name: 'featured-counts',
      intervalMs: FEATURED_STATS_FLUSH_MS,
      key: (c) => `${c.day}|${c.id}`,
      merge: (a, b) => ({ ...a, impressions: a.impressions + b.impressions, clicks: a.clicks + b.clicks }),
      write: (batch) => this.write(batch),
      logger,
    });
    registry.add(this);
  }

  private day(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  /** One page view showed these placements. */
  impressions(ids: readonly string[]): void {
    const day = this.day();
    for (const id of ids) this.counts.add({ id, day, impressions: 1, clicks: 0 });
  }

  /** A visitor clicked a placement. */
  click(id: string): void {
    this.counts.add({ id, day: this.day(), impressions: 0, clicks: 1 });
  }

  /** Writes what was counted so far (the process is closing, or a test reads the figures). */
  flush(): Promise<void> {
    return this.counts.flush();
  }

  /** Counts waiting for the next batch. */
  get pending(): number {
    return this.counts.size;
  }

  private write(batch: DailyCounts[]): Promise<void> {
    return addDailyCounts(this.sql, batch);
  }
}
