import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/uuid.js';
import { liveNotices, type LiveHub, type LiveNotices } from '../../platform/live.js';
import type { ReverseActivityData, ReverseActivityEvent, ReverseActivityType } from './reverse.dto.js';
import { ReverseActivity } from './reverse-activity.entity.js';
import { insertActivity, insertActivityAndNotify } from './reverse-activity.repository.js';
import { ReverseAuction } from './reverse-auction.entity.js';

/** One event to record: its type and data (the id and time are given here). */
export type ActivityItem = { type: ReverseActivityType; data: ReverseActivityData };

export const reverseTopic = (id: string) => `reverse-auction:${id}`;

/** The live activity feed of reverse auctions: stored in reverse_auction_activity, pushed through NOTIFY on commit. */
@injectable()
export class ReverseActivityService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records events in the caller's transaction; subscribers receive them when it commits. */
  async record(em: EntityManager, reverseAuctionId: string, items: ActivityItem[]): Promise<void> {
    if (!items.length) return;
    const { events, timestamp, notices } = this.prepare(reverseAuctionId, items);
    await insertActivityAndNotify(em, reverseAuctionId, timestamp, events, notices);
  }

  /**
   * Stores events in the caller's transaction without notifying, and answers their live notices for the caller
   * to send after its commit (LivePublisher): the quotes' hot path, where a NOTIFY in the transaction would make
   * every quote's commit wait for the one before it.
   */
  async store(em: EntityManager, reverseAuctionId: string, items: ActivityItem[]): Promise<LiveNotices> {
    const { events, timestamp, notices } = this.prepare(reverseAuctionId, items);
    if (events.length) await insertActivity(em, reverseAuctionId, timestamp, events);
    return notices;
  }

  private prepare(reverseAuctionId: string, items: ActivityItem[]) {
    const timestamp = this.clock.now().toISOString();
    const events: ReverseActivityEvent[] = items.map(({ type, data }) => ({ id: randomUUID(), type, timestamp, data }));
    const notices = liveNotices(
      reverseTopic(reverseAuctionId),
      events.map((event) => ({ type: 'activity_event', reverseAuctionId, event })),
    );
    return { events, timestamp, notices };
  }

  /** The latest events, oldest first. */
  async history(reverseAuctionId: string, limit = 50): Promise<ReverseActivityEvent[]> {
    const rows = await this.db.em.find(ReverseActivity, { reverseAuctionId }, { orderBy: { seq: 'desc' }, limit });
    return rows.reverse().map((r) => ({ id: r.id, type: r.type, timestamp: r.createdAt.toISOString(), data: r.data }));
  }

  /** Registers `subscribe_reverse_auction` on a hub. */
  attach(hub: LiveHub): void {
    hub.on('subscribe_reverse_auction', async (client, data) => {
      const raw = data.reverseAuctionId;
      const id = typeof raw === 'string' && isUuid(raw) ? raw.toLowerCase() : null;
      if (!id) return client.send('error', { message: 'reverseAuctionId must be a reverse auction id' });
      if (!(await this.db.em.count(ReverseAuction, { id }))) return client.send('error', { message: 'Reverse auction not found' });
      client.subscribe(reverseTopic(id));
      client.send('subscription_confirmed', { reverseAuctionId: id });
      client.send('activity_history', { reverseAuctionId: id, events: await this.history(id) });
    });
  }
}
