import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { parseMoney } from '../../platform/money.js';
import type { PartDto } from '../catalog/index.js';
import { textArray } from './alert.service.js';
import { NotificationService } from './notification.service.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs.js';

/** The task that mails a user's new instant-alert matches, grouped (keyed per user). */
export const ALERT_MAIL_TASK = 'garage/alert-mail';
export const alertMailKey = (userId: string) => `garage-alert-mail:${userId}`;
/** Matches that arrive within this window go out in one mail. */
export const ALERT_MAIL_DELAY_MS = 30_000;

/** What an item for sale looks like to the alerts: a listed part, or an auction of one. */
export interface MatchItem {
  kind: 'part' | 'auction';
  id: string;
  title: string;
  /** The part's price, or the auction's starting bid, in cents. */
  priceCents: number;
  sellerId: string;
  part: PartDto;
}

/** A matching alert, as the match statement answers it. */
interface MatchRow {
  id: string;
  user_id: string;
  alert_name: string;
  frequency: 'instant' | 'daily';
}

/**
 * The statement finding every active alert that matches one item. The candidates come from
 * part_alerts_match_index by (make, category), '' standing for "any" (four index ranges, never all alerts); the
 * other fields are checked on those rows: model (the part's or a vehicle entry's), overlapping years, the
 * conditions, the maximum price and every keyword in the title, description or part number (letters and digits
 * compared, case and punctuation ignored).
 * Parameters: make, category, seller id, price in cents, condition, models (text[]), year spans (jsonb), text.
 */
export const MATCH_SQL = `
  select a.id, a.user_id, a.alert_name, a.frequency
    from part_alerts a
   where a.is_active
     and coalesce(a.make, '') = any(array[?::text, ''])
     and coalesce(a.category, '') = any(array[?::text, ''])
     and a.user_id <> ?::uuid
     and (a.max_price is null or a.max_price * 100 >= ?::bigint)
     and (cardinality(a.condition) = 0 or ?::text = any(a.condition))
     and (a.model is null or lower(a.model) = any(?::text[]))
     and ((a.year_start is null and a.year_end is null) or exists (
           select 1 from jsonb_to_recordset(?::jsonb) s(lo int, hi int)
            where int4range(s.lo, s.hi, '[]')
               && int4range(coalesce(a.year_start, a.year_end)::int, coalesce(a.year_end, a.year_start)::int, '[]')))
     and (cardinality(a.keywords) = 0 or not exists (
           select 1 from unnest(a.keywords) k where strpos(?::text, regexp_replace(k, '[^a-z0-9]', '', 'g')) = 0))`;

/** The parameters of MATCH_SQL for one item. */
export function matchParams(item: MatchItem): unknown[] {
  const p = item.part;
  const models = new Set<string>();
  if (p.model) models.add(p.model.trim().toLowerCase());
  for (const f of p.vehicleCompatibility) models.add(f.model.trim().toLowerCase());
  // Year spans: the part's own years and each vehicle entry's; an entry without years fits any year.
  const spans: { lo: number | null; hi: number | null }[] = [];
  if (p.yearStart !== null || p.yearEnd !== null) spans.push({ lo: p.yearStart ?? p.yearEnd, hi: p.yearEnd ?? p.yearStart });
  for (const f of p.vehicleCompatibility) spans.push({ lo: f.yearStart ?? f.yearEnd, hi: f.yearEnd ?? f.yearStart });
  // Letters and digits only, so '901-108' finds part number 901.108.011 (keywords are compared the same way).
  const text = [item.title, p.title, p.description, p.partNumber ?? ''].join(' ').toLowerCase().replace(/[^a-z0-9]/g, '');
  return [p.make, p.category, item.sellerId, item.priceCents, p.condition, textArray([...models]), JSON.stringify(spans), text];
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Matches new items for sale against the alerts: each match stored once per alert and item, instant ones mailed soon. */
@injectable()
export class AlertMatchingService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(NotificationService) private readonly notifications: NotificationService,
  ) {}

  /** A public part as an item; null when it is not for sale (inactive, unapproved, sold). */
  static partItem(part: PartDto): MatchItem | null {
    if (!part.isActive || !part.isApproved || part.isSold) return null;
    const price = parseMoney(part.price);
    if (!price.ok) return null;
    return { kind: 'part', id: part.id, title: part.title, priceCents: price.cents, sellerId: part.sellerId, part };
  }

  /** An auction of `part` starting at `startingBid` as an item. */
  static auctionItem(auctionId: string, title: string, startingBid: string, sellerId: string, part: PartDto): MatchItem | null {
    const price = parseMoney(startingBid);
    if (!price.ok) return null;
    return { kind: 'auction', id: auctionId, title, priceCents: price.cents, sellerId, part };
  }

  /** The alerts `item` matches (one statement). */
  async matchingAlerts(em: SqlExecutor, item: MatchItem): Promise<MatchRow[]> {
    return em.execute<MatchRow[]>(MATCH_SQL, matchParams(item));
  }

  /**
   * Stores a notification per matching alert (once per alert and item, so a second run adds nothing), counts the
   * match on the alert, and queues each instant owner's grouped mail: one statement for the notices
   * (recordManyOnce), one for the counts and one for the mail jobs, whatever the number of matches; the new
   * notices reach their users' open tabs after the commit, in one gathered send. Returns how many new matches
   * were stored.
   */
  async match(item: MatchItem): Promise<number> {
    const stored = await (this.db.em).transactional(async (em) => {
      const alerts = await this.matchingAlerts(em, item);
      if (!alerts.length) return [];
      const price = dollars(item.priceCents);
      const notices = await this.notifications.recordManyOnce(
        em,
        alerts.map((alert) => ({
          userId: alert.user_id,
          alertId: alert.id,
          notificationType: 'alert_match',
          title: item.kind === 'auction' ? `Auction for your alert "${alert.alert_name}"` : `New match for "${alert.alert_name}"`,
          message: item.kind === 'auction' ? `${item.title}: bidding opens at ${price}` : `${item.title}: ${price}`,
          link: item.kind === 'auction' ? `/auctions/${item.id}` : `/parts/${item.id}`,
          relatedItemId: item.id,
          relatedItemType: item.kind,
        })),
      );
      if (!notices.length) return [];
      const storedIds = new Set(notices.map((n) => n.alertId));
      const now = this.clock.now();
      await em.execute(`update part_alerts set last_triggered = ?, match_count = match_count + 1 where id = any(?::uuid[])`, [
        now,
        `{${[...storedIds].join(',')}}`,
      ]);
      const instantUsers = new Set(alerts.filter((a) => a.frequency === 'instant' && storedIds.has(a.id)).map((a) => a.user_id));
      if (instantUsers.size) {
        const runAt = new Date(now.getTime() + ALERT_MAIL_DELAY_MS);
        // A pending mail job of the user keeps its time.
        await this.jobs.addMany(
          em,
          [...instantUsers].map((userId) => ({ task: ALERT_MAIL_TASK, payload: { userId }, options: { runAt, jobKey: alertMailKey(userId) } })),
          { preserveRunAt: true },
        );
      }
      return notices;
    });
    await this.notifications.deliver(stored);
    return stored.length;
  }
}
