import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs.js';
import { parseMoney } from '../../platform/money.js';
import type { PartDto } from '../catalog/index.js';
import { NotificationsApi, type NotificationOnceInput } from '../notifications/index.js';
import { CatalogReference } from '../catalog/index.js';
import { countMatches, matchingAlerts, vehicleAlertCandidates, type MatchItem, type MatchRow, type VehicleMatchRow } from './alert-matching.sql.js';
import { fitOf } from './fitment.rules.js';
import { quotedName } from './garage.rules.js';
import { alertMailKey, GARAGE_TASKS } from './garage.tasks.js';

/** Matches that arrive within this window go out in one mail. */
export const ALERT_MAIL_DELAY_MS = 30_000;

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The seller's notices of an item that matches alerts made from wanted requests: "a buyer wanted this", once per
 * request and item (the buyer is told by the alert itself).
 */
function wantedNotices(alerts: readonly MatchRow[], item: MatchItem): NotificationOnceInput[] {
  const requests = new Set(alerts.flatMap((a) => (a.wanted_request_id ? [a.wanted_request_id] : [])));
  return [...requests].map((requestId) => ({
    userId: item.sellerId,
    notificationType: 'wanted_match',
    title: 'A buyer wanted this part',
    message: `${item.title} matches a wanted request that ended without a seller; its buyer has been told of your ${item.kind === 'auction' ? 'auction' : 'listing'}.`,
    link: `/reverse-auctions/${requestId}`,
    relatedItemId: requestId,
    relatedItemType: 'reverse_auction',
    key: `wanted:${requestId}:${item.id}`,
  }));
}

/** Matches new items for sale against the alerts: each match stored once per alert and item, instant ones mailed soon. */
@injectable()
export class AlertMatchingService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(NotificationsApi) private readonly notifications: NotificationsApi,
    @inject(CatalogReference) private readonly reference: CatalogReference,
  ) {}

  /** The vehicle-keyed candidates whose vehicle `item`'s part fits (the fitment answer's `fits`). */
  private async fittingVehicleAlerts(rows: readonly VehicleMatchRow[], item: MatchItem): Promise<MatchRow[]> {
    if (!rows.length || !item.part.vehicleCompatibility.length) return [];
    const names = new Map((await this.reference.makes()).map((m) => [m.slug, m.name.toLowerCase()]));
    return rows.filter((r) => {
      const vehicle = { makes: [r.make, names.get(r.make) ?? r.make], model: r.model, yearStart: r.year_start, yearEnd: r.year_end, engineCode: r.engine_code };
      return fitOf(vehicle, item.part.vehicleCompatibility).fits;
    });
  }

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

  /**
   * Stores a notification per matching alert (once per alert and item, so a second run adds nothing), counts the
   * match on the alert, and queues each instant owner's grouped mail: one statement for the match, one for the
   * notices (NotificationsApi.recordManyOnce), one for the counts and one for the mail jobs, whatever the number
   * of matches; the new notices reach their users' open tabs after the commit, in one gathered send. Returns how
   * many new matches were stored.
   */
  async match(item: MatchItem): Promise<number> {
    const stored = await this.db.transaction(async (em) => {
      const plain = await matchingAlerts(em, item);
      const alerts = [...plain, ...(await this.fittingVehicleAlerts(await vehicleAlertCandidates(em, item), item))];
      if (!alerts.length) return [];
      const price = dollars(item.priceCents);
      const alertNotices = alerts.map(
        (alert): NotificationOnceInput => ({
          userId: alert.user_id,
          alertId: alert.id,
          notificationType: 'alert_match',
          title: item.kind === 'auction' ? `Auction for your alert ${quotedName(alert.alert_name)}` : `New match for ${quotedName(alert.alert_name)}`,
          message: item.kind === 'auction' ? `${item.title}: bidding opens at ${price}` : `${item.title}: ${price}`,
          link: item.kind === 'auction' ? `/auctions/${item.id}` : `/parts/${item.id}`,
          relatedItemId: item.id,
          relatedItemType: item.kind,
        }),
      );
      const notices = await this.notifications.recordManyOnce([...alertNotices, ...wantedNotices(alerts, item)]);
      const storedIds = new Set(notices.flatMap((n) => (n.alertId ? [n.alertId] : [])));
      if (!storedIds.size) return notices;
      const now = this.clock.now();
      await countMatches(em, [...storedIds], now);
      const instantUsers = new Set(alerts.filter((a) => a.frequency === 'instant' && storedIds.has(a.id)).map((a) => a.user_id));
      if (instantUsers.size) {
        const runAt = new Date(now.getTime() + ALERT_MAIL_DELAY_MS);
        // A pending mail job of the user keeps its time.
        await this.jobs.addMany(
          em,
          [...instantUsers].map((userId) => ({ task: GARAGE_TASKS.alertMail, payload: { userId }, options: { runAt, jobKey: alertMailKey(userId) } })),
          { preserveRunAt: true },
        );
      }
      return notices;
    });
    await this.notifications.deliver(stored);
    return stored.filter((n) => n.alertId).length;
  }
}
