import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { NotificationDto } from './notification.dto.js';
import { Notification } from './notification.entity.js';
import { NotificationLive } from './notification.live.js';
import { insertNotices, type NoticeRecord } from './notification.repository.js';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from './notification.schemas.js';
import { NotificationsApi, type NotificationInput, type NotificationOnceInput } from './notifications.api.js';

/** The notices of a listing's decision: the latest of them says whether it was approved already. */
const LISTING_DECISIONS = ['part_approved', 'part_rejected'];

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The key a notice with an alert is stored once under when none is given: one per alert and item. */
export function alertMatchKey(alertId: string, relatedItemId: string): string {
  return `alert:${alertId}:${relatedItemId}`;
}

/**
 * Records notices (issue 20) for the centre's own event task and for other modules (NotificationsApi): each call
 * works in the caller's transaction (`db.em`), and its notices reach their users' tabs after that commit.
 */
@injectable()
export class NotificationService extends NotificationsApi {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(NotificationLive) private readonly live: NotificationLive,
  ) {
    super();
  }

  private toRecord(i: NotificationInput, key: string | null): NoticeRecord {
    return {
      user_id: i.userId,
      notification_type: i.notificationType,
      title: cut(i.title, NOTIFICATION_TITLE_MAX),
      message: cut(i.message, NOTIFICATION_MESSAGE_MAX),
      link: i.link ?? null,
      related_item_id: i.relatedItemId ?? null,
      related_item_type: i.relatedItemType ?? null,
      alert_id: i.alertId ?? null,
      market_watch_id: i.marketWatchId ?? null,
      dedupe_key: key,
    };
  }

  /** Stores a notice in the caller's transaction and pushes it to the user's tabs when that commits (never on a rollback). */
  async record(input: NotificationInput): Promise<NotificationDto> {
    const em = this.db.em;
    const [notification] = await insertNotices(em, this.clock.now(), [this.toRecord(input, null)]);
    await this.live.push(em, input.userId, { type: 'notification', notification: notification! });
    return notification!;
  }

  /**
   * Stores many notices in one statement, each once per key (`alert:{alertId}:{relatedItemId}` by default): a key
   * already stored, or repeated in `items` (the first wins), stores nothing. Answers the notices stored and pushes
   * nothing: once the caller's transaction has committed, `deliver` pushes them all in one gathered send.
   */
  async recordManyOnce(items: readonly NotificationOnceInput[]): Promise<NotificationDto[]> {
    const byKey = new Map<string, NotificationOnceInput>();
    for (const item of items) {
      const key = item.key ?? (item.alertId && item.relatedItemId ? alertMatchKey(item.alertId, item.relatedItemId) : null);
      if (!key) throw new Error('recordManyOnce needs a key, or an alertId and a relatedItemId, for every item');
      if (!byKey.has(key)) byKey.set(key, item);
    }
    return insertNotices(this.db.em, this.clock.now(), [...byKey].map(([key, item]) => this.toRecord(item, key)));
  }

  /** Pushes stored notices to their users' open tabs, gathered; call it after their transaction committed. */
  deliver(notifications: readonly NotificationDto[]): Promise<void> {
    return this.live.pushCommitted(notifications);
  }

  /** Marks notices as mailed (their `sentAt`), in the caller's transaction. */
  async markSent(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    await this.db.em.nativeUpdate(Notification, { id: { $in: [...ids] }, sentAt: null }, { sentAt: this.clock.now() });
  }

  /**
   * Stores the notices of one event job in one transaction (one statement for them all), each once per job and
   * position unless it has a key of its own, so a retried job notifies nobody twice. Answers those stored, for
   * `deliver` once this has committed.
   */
  async recordEvent(notices: readonly NotificationOnceInput[], jobId: string): Promise<NotificationDto[]> {
    return this.db.transaction(async () => {
      const batch: NotificationOnceInput[] = [];
      for (const [i, notice] of notices.entries()) {
        // catalog republishes partApproved when a seller edits a live listing: tell the seller only about a
        // listing that was not approved (by the last notice about it) before. (A partApproved event carries
        // that one notice, so no earlier notice of the same batch can be the latest decision.)
        if (notice.notificationType === 'part_approved' && (await this.latestTypeAbout(notice.userId, notice.relatedItemId!, LISTING_DECISIONS)) === 'part_approved') continue;
        // The key keeps the notice's position in the event, skipped ones included.
        batch.push({ ...notice, key: notice.key ?? `job:${jobId}:${i}` });
      }
      return this.recordManyOnce(batch);
    });
  }

  /** The type of the user's latest notice about an item among `types`, or null (in the caller's transaction). */
  async latestTypeAbout(userId: string, relatedItemId: string, types: readonly string[]): Promise<string | null> {
    const latest = await this.db.em.findOne(
      Notification,
      { userId, relatedItemId, notificationType: { $in: [...types] } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, fields: ['notificationType'] },
    );
    return latest?.notificationType ?? null;
  }
}
