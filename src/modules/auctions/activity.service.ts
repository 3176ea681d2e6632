import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { liveNotices, type LiveHub } from '../../platform/live.js';
import { isUuid } from '../../platform/db/uuid.js';
import { AuctionActivity } from './auction-activity.entity.js';
import { activityFigures, storeActivity } from './auction-activity.repository.js';
import type { ActivityData, ActivityEventDto as ActivityEvent, ActivityStatsDto, ActivityType } from './auction.dto.js';
import { Auction } from './auction.entity.js';
import { Database } from '../../platform/db/database.js';

export const auctionTopic = (auctionId: string) => `auction:${auctionId}`;
/** How far back "recent bids" reach in the activity stats. */
export const RECENT_BIDS_WINDOW_MS = 60 * 60 * 1000;

/** The live activity feed of auctions: stored in auction_activity, pushed through NOTIFY on commit. */
@injectable()
export class ActivityService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records an event in the caller's transaction; subscribers receive it when the transaction commits. */
  async record(em: EntityManager, auctionId: string, type: ActivityType, data: ActivityData): Promise<ActivityEvent> {
    const [event] = await this.recordAll(em, auctionId, [{ type, data }]);
    return event!;
  }

  /**
   * Records events in order in the caller's transaction, stored and announced (NOTIFY, delivered on commit)
   * in one statement.
   */
  async recordAll(em: EntityManager, auctionId: string, items: { type: ActivityType; data: ActivityData }[]): Promise<ActivityEvent[]> {
    const { events, rows, channel, notices } = this.prepare(auctionId, items);
    await storeActivity(em, auctionId, events[0]?.timestamp ?? this.clock.now().toISOString(), { rows, channel, notices });
    return events;
  }

  /**
   * The events with their ids and time, the rows to store (JSON array of {id, type, data}) and the NOTIFY
   * payloads (JSON array of texts, on `channel`), for a caller that stores them in its own statement
   * (auction_apply_bid stores a bid's events with the bid).
   */
  prepare(auctionId: string, items: { type: ActivityType; data: ActivityData }[]) {
    const timestamp = this.clock.now().toISOString();
    const events: ActivityEvent[] = items.map(({ type, data }) => ({ id: randomUUID(), type, timestamp, data }));
    const { channel, payloads } = liveNotices(
      auctionTopic(auctionId),
      events.map((event) => ({ type: 'activity_event', auctionId, event })),
    );
    return { events, rows: JSON.stringify(events), channel, notices: payloads };
  }

  /** The latest events, oldest first. */
  async history(auctionId: string, limit = 50): Promise<ActivityEvent[]> {
    const rows = await this.db.em.find(AuctionActivity, { auctionId }, { orderBy: { seq: 'desc' }, limit, fields: ['id', 'type', 'data', 'createdAt'] });
    return rows.reverse().map((r) => ({ id: r.id, type: r.type, timestamp: r.createdAt.toISOString(), data: r.data }));
  }

  /** The live figures of an auction (get_activity_stats), or null when it does not exist. */
  async stats(auctionId: string): Promise<ActivityStatsDto | null> {
    return activityFigures(this.db.em, auctionId, new Date(this.clock.now().getTime() - RECENT_BIDS_WINDOW_MS));
  }

  private async exists(auctionId: string): Promise<boolean> {
    return (await this.db.em.count(Auction, { id: auctionId })) > 0;
  }

  /** Registers the auction messages on a hub (spec 000 §7). */
  attach(hub: LiveHub): void {
    const auctionIdOf = (data: Record<string, unknown>): string | null => {
      const id = data.auctionId;
      return typeof id === 'string' && isUuid(id) ? id.toLowerCase() : null;
    };
    hub.on('subscribe_auction', async (client, data) => {
      const auctionId = auctionIdOf(data);
      if (!auctionId) return client.send('error', { message: 'auctionId must be an auction id' });
      if (!(await this.exists(auctionId))) return client.send('error', { message: 'Auction not found' });
      client.subscribe(auctionTopic(auctionId));
      client.send('subscription_confirmed', { auctionId });
      client.send('activity_history', { auctionId, events: await this.history(auctionId) });
    });
    hub.on('get_activity_stats', async (client, data) => {
      const auctionId = auctionIdOf(data);
      if (!auctionId) return client.send('error', { message: 'auctionId must be an auction id' });
      const stats = await this.stats(auctionId);
      if (!stats) return client.send('error', { message: 'Auction not found' });
      client.send('activity_stats', { auctionId, stats });
    });
  }
}
