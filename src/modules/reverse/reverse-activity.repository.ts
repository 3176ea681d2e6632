import type { EntityManager } from '@mikro-orm/postgresql';
import { LIVE_NOTIFY_SQL, type LiveNotices } from '../../platform/live.js';
import type { ReverseActivityEvent } from './reverse.dto.js';

/**
 * The activity feed's writes: every event of one change in one statement, with its NOTIFY folded in when the
 * caller sends its live notices in its own transaction (writes that are not hot).
 */

const INSERT_EVENTS = `insert into reverse_auction_activity (id, reverse_auction_id, type, data, created_at)
  select (e->>'id')::uuid, ?, e->>'type', (e->'data')::jsonb, ? from json_array_elements(?::json) e`;

/** Stores `events` and NOTIFYs their live notices, in one statement of the caller's transaction. */
export async function insertActivityAndNotify(
  em: EntityManager,
  reverseAuctionId: string,
  timestamp: string,
  events: ReverseActivityEvent[],
  notices: LiveNotices,
): Promise<void> {
  await em.execute(`with stored as (${INSERT_EVENTS}) ${LIVE_NOTIFY_SQL}`, [
    reverseAuctionId,
    timestamp,
    JSON.stringify(events),
    notices.channel,
    notices.payloads,
  ]);
}

/** Stores `events` without notifying (the quote path sends its notices after the commit). */
export async function insertActivity(em: EntityManager, reverseAuctionId: string, timestamp: string, events: ReverseActivityEvent[]): Promise<void> {
  await em.execute(INSERT_EVENTS, [reverseAuctionId, timestamp, JSON.stringify(events)]);
}
