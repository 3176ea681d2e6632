import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { WriteBehind, WriteBehindRegistry } from '../../platform/write-behind.js';
import type { ListingActivityInput } from './listing-activity.schemas.js';
import { Database } from '../../platform/db/database.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { PRUNE_VISITORS_SQL, WRITE_COUNTS_SQL, WRITE_VIEWS_SQL } from './listing-activity.repository.js';

/** How long what is recorded waits in memory before its batch is written. */
export const ACTIVITY_FLUSH_MS = 5_000;

type ItemType = 'part' | 'auction';
interface View {
  itemType: ItemType;
  itemId: string;
  day: string;
  visitor: string;
}
interface Counts {
  itemType: ItemType;
  itemId: string;
  day: string;
  impressions: number;
  clicks: number;
}

/** The UTC day of a moment, as PostgreSQL's date. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Who is looking: the signed-in user, else a one-way hash of the network address and browser (never stored in
 * the clear), so a page view counts once per visitor per day without a tracking cookie.
 */
export function visitorKey(secret: string, who: { userId: string | null; address: string; userAgent: string }): string {
  if (who.userId) return `u:${who.userId}`;
  return `a:${createHash('sha256').update(`${secret}\n${who.address}\n${who.userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Page views, search impressions and clicks of listings. The request path only adds to memory; a batch is
 * written every ACTIVITY_FLUSH_MS in two statements: the day's new visitors (a view counts once per visitor and
 * day, by the visitors table's key) and the counters by listing and day.
 */
@injectable()
export class ListingActivityRecorder {
  private readonly views: WriteBehind<View>;
  private readonly counts: WriteBehind<Counts>;
  private readonly sql: SqlRunner;

  constructor(
    @inject(Database) database: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) logger: Logger,
    @inject(WriteBehindRegistry) registry: WriteBehindRegistry,
  ) {
    this.sql = database.runner('write');
    this.views = new WriteBehind<View>({
      name: 'listing-views',
      intervalMs: ACTIVITY_FLUSH_MS,
      key: (v) => `${v.day}|${v.itemType}|${v.itemId}|${v.visitor}`,
      merge: (a) => a,
      write: (batch) => this.writeViews(batch),
      logger,
    });
    this.counts = new WriteBehind<Counts>({
      name: 'listing-counts',
      intervalMs: ACTIVITY_FLUSH_MS,
      key: (c) => `${c.day}|${c.itemType}|${c.itemId}`,
      merge: (a, b) => ({ ...a, impressions: a.impressions + b.impressions, clicks: a.clicks + b.clicks }),
      write: (batch) => this.writeCounts(batch),
      logger,
    });
    registry.add(this);
  }

  /** Adds what one browser reported; nothing is written on the caller's path. */
  record(input: ListingActivityInput, who: { userId: string | null; address: string; userAgent: string }): number {
    const day = utcDay(this.clock.now());
    const visitor = visitorKey(this.config.sessionSecret, who);
    for (const e of input.events) {
      if (e.type === 'view') this.views.add({ itemType: e.itemType, itemId: e.itemId.toLowerCase(), day, visitor });
      else this.counts.add({ itemType: e.itemType, itemId: e.itemId.toLowerCase(), day, impressions: e.type === 'impression' ? 1 : 0, clicks: e.type === 'click' ? 1 : 0 });
    }
    return input.events.length;
  }

  /** Writes everything recorded so far (the process is closing, or a test reads the figures). */
  async flush(): Promise<void> {
    await Promise.all([this.views.flush(), this.counts.flush()]);
  }

  private async writeViews(batch: View[]): Promise<void> {
    await this.sql.run(WRITE_VIEWS_SQL, [JSON.stringify(batch)]);
  }

  private async writeCounts(batch: Counts[]): Promise<void> {
    await this.sql.run(WRITE_COUNTS_SQL, [JSON.stringify(batch)]);
  }

  /** Forgets the visitors of days before `keepDays` ago (their counts stay); answers how many rows went. */
  async pruneVisitors(keepDays = 2): Promise<number> {
    const cutoff = utcDay(new Date(this.clock.now().getTime() - keepDays * 24 * 60 * 60 * 1000));
    const rows = await this.sql.run<{ n: number }>(PRUNE_VISITORS_SQL, [cutoff]);
    return rows[0]?.n ?? 0;
  }
}
