import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { isUuid } from '../../platform/db/uuid.js';
import { LIVE_NOTIFY_SQL, liveNotices, type LiveHub, type LiveNotices } from '../../platform/live.js';
import { Database } from '../../platform/db/database.js';
import type { ReverseActivityData, ReverseActivityEvent, ReverseActivityType } from './reverse.dto.js';

export type { ReverseActivityData, ReverseActivityEvent, ReverseActivityType };

export const reverseTopic = (id: string) => `reverse-auction:${id}`;

/** The live activity feed of reverse auctions: stored in reverse_auction_activity, pushed through NOTIFY on commit. */
@injectable()
export class ReverseActivityService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records events in the caller's transaction; subscribers receive them when it commits. */
  async record(em: SqlExecutor, reverseAuctionId: string, items: { type: ReverseActivityType; data: ReverseActivityData }[]): Promise<void> {
    if (!items.length) return;
    const { events, timestamp, notices } = this.prepare(reverseAuctionId, items);
    await em.execute(
      `with stored as (
         insert into reverse_auction_activity (id, reverse_auction_id, type, data, created_at)
         select (e->>'id')::uuid, ?, e->>'type', (e->'data')::jsonb, ? from json_array_elements(?::json) e
       )
       ${LIVE_NOTIFY_SQL}`,
      [reverseAuctionId, timestamp, JSON.stringify(events), notices.channel, notices.payloads],
    );
  }

  /**
   * Stores events in the caller's transaction without notifying, and answers their live notices for the caller
   * to send after its commit (LivePublisher): the quotes' hot path, where a NOTIFY in the transaction would make
   * every quote's commit wait for the one before it.
   */
  async store(em: SqlExecutor, reverseAuctionId: string, items: { type: ReverseActivityType; data: ReverseActivityData }[]): Promise<LiveNotices> {
    const { events, timestamp, notices } = this.prepare(reverseAuctionId, items);
    if (events.length) {
      await em.execute(
        `insert into reverse_auction_activity (id, reverse_auction_id, type, data, created_at)
         select (e->>'id')::uuid, ?, e->>'type', (e->'data')::jsonb, ? from json_array_elements(?::json) e`,
        [reverseAuctionId, timestamp, JSON.stringify(events)],
      );
    }
    return notices;
  }

  private prepare(reverseAuctionId: string, items: { type: ReverseActivityType; data: ReverseActivityData }[]) {
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
    const rows = await this.db.em.execute<{ id: string; type: ReverseActivityType; data: ReverseActivityData; created_at: Date }[]>(
      'select id, type, data, created_at from reverse_auction_activity where reverse_auction_id = ? order by seq desc limit ?',
      [reverseAuctionId, limit],
    );
    return rows.reverse().map((r) => ({ id: r.id, type: r.type, timestamp: new Date(r.created_at).toISOString(), data: r.data }));
  }

  /** Registers `subscribe_reverse_auction` on a hub. */
  attach(hub: LiveHub): void {
    hub.on('subscribe_reverse_auction', async (client, data) => {
      const raw = data.reverseAuctionId;
      const id = typeof raw === 'string' && isUuid(raw) ? raw.toLowerCase() : null;
      if (!id) return client.send('error', { message: 'reverseAuctionId must be a reverse auction id' });
      const found = await this.db.em.execute<{ id: string }[]>('select id from reverse_auctions where id = ?', [id]);
      if (!found.length) return client.send('error', { message: 'Reverse auction not found' });
      client.subscribe(reverseTopic(id));
      client.send('subscription_confirmed', { reverseAuctionId: id });
      client.send('activity_history', { reverseAuctionId: id, events: await this.history(id) });
    });
  }
}
