import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import type { NotificationCountDto, NotificationDto, NotificationItemType, NotificationsReadDto } from './notification.dto.js';
import { NotificationLive } from './notification.live.js';
import { NOTIFICATION_COLUMNS, toNotificationDto, type NotificationRow } from './notification.mapper.js';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, type NotificationListQuery } from './notification.schemas.js';
import { Database } from '../../platform/db/database.js';

/** What a module of the process (garage alerts, price moves, event subscriptions) records for a user. */
export interface NotificationInput {
  userId: string;
  notificationType: string;
  title: string;
  message: string;
  link?: string | null;
  relatedItemId?: string | null;
  relatedItemType?: NotificationItemType | null;
  alertId?: string | null;
  marketWatchId?: string | null;
}

/** A notification stored at most once: `key` names it (default `alert:{alertId}:{relatedItemId}`). */
export interface NotificationOnceInput extends NotificationInput {
  key?: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The key recordOnce stores a notice under when none is given: one per alert and item. */
export function alertMatchKey(alertId: string, relatedItemId: string): string {
  return `alert:${alertId}:${relatedItemId}`;
}

/** The notification centre (issue 20): records notices, delivers them live, and serves a user's feed. */
@injectable()
export class NotificationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(NotificationLive) private readonly live: NotificationLive,
  ) {}

  /**
   * Stores a notification in the caller's transaction (`em`) and pushes it to the user's open tabs when that
   * transaction commits (not before, and never if it rolls back).
   */
  async record(em: SqlExecutor, input: NotificationInput): Promise<NotificationDto> {
    const [row] = await em.execute<NotificationRow[]>(`${this.insertSql(false)}`, this.insertParams(input, null));
    const notification = toNotificationDto(row!);
    await this.live.push(em, input.userId, { type: 'notification', notification });
    return notification;
  }

  /**
   * As record, but stores the notice once per key (`alert:{alertId}:{relatedItemId}` by default, so each alert
   * match is stored once per alert and item): `inserted` is false, and nothing is pushed, when it already was.
   */
  async recordOnce(em: SqlExecutor, input: NotificationOnceInput): Promise<{ inserted: boolean; notification: NotificationDto | null }> {
    const key = input.key ?? (input.alertId && input.relatedItemId ? alertMatchKey(input.alertId, input.relatedItemId) : null);
    if (!key) throw new Error('recordOnce needs a key, or an alertId and a relatedItemId');
    const [row] = await em.execute<NotificationRow[]>(this.insertSql(true), this.insertParams(input, key));
    if (!row) return { inserted: false, notification: null };
    const notification = toNotificationDto(row);
    await this.live.push(em, input.userId, { type: 'notification', notification });
    return { inserted: true, notification };
  }

  /**
   * As recordOnce for many notices in one statement (INSERT ... SELECT FROM json_to_recordset ... ON CONFLICT DO
   * NOTHING RETURNING), for a caller recording a batch (alert matching): a key already stored, or repeated in
   * `items` (the first wins), stores nothing. Answers the notices stored, and pushes nothing: once the caller's
   * transaction has committed it hands them to `deliver`, which pushes them all in one gathered send.
   */
  async recordManyOnce(em: SqlExecutor, items: readonly NotificationOnceInput[]): Promise<NotificationDto[]> {
    const byKey = new Map<string, NotificationOnceInput>();
    for (const item of items) {
      const key = item.key ?? (item.alertId && item.relatedItemId ? alertMatchKey(item.alertId, item.relatedItemId) : null);
      if (!key) throw new Error('recordManyOnce needs a key, or an alertId and a relatedItemId, for every item');
      if (!byKey.has(key)) byKey.set(key, item);
    }
    if (!byKey.size) return [];
    const records = [...byKey].map(([key, i], n) => ({
      n,
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
    }));
    const rows = await em.execute<NotificationRow[]>(
      `insert into alert_notifications
          (user_id, notification_type, title, message, link, related_item_id, related_item_type, alert_id, market_watch_id, dedupe_key, created_at)
        select r.user_id, r.notification_type, r.title, r.message, r.link, r.related_item_id, r.related_item_type, r.alert_id, r.market_watch_id, r.dedupe_key, ?::timestamptz
          from json_to_recordset(?::json) as r(n int, user_id uuid, notification_type text, title text, message text, link text,
               related_item_id uuid, related_item_type text, alert_id uuid, market_watch_id uuid, dedupe_key text)
         order by r.n
        on conflict (dedupe_key) where dedupe_key is not null do nothing
        returning ${NOTIFICATION_COLUMNS}`,
      [this.clock.now(), JSON.stringify(records)],
    );
    return rows.map(toNotificationDto);
  }

  /** Pushes notices recordManyOnce stored to their users' open tabs, gathered; call it after their transaction committed. */
  deliver(notifications: readonly NotificationDto[]): Promise<void> {
    return this.live.pushCommitted(notifications);
  }

  /** Marks notifications as mailed (their `sentAt`), in the caller's transaction. */
  async markSent(em: SqlExecutor, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    await em.execute('update alert_notifications set sent_at = ? where id = any(?::uuid[]) and sent_at is null', [this.clock.now(), uuidArray(ids)]);
  }

  /** The type of the user's latest notification about an item among `types`, or null (in the caller's transaction). */
  async latestTypeAbout(em: SqlExecutor, userId: string, relatedItemId: string, types: readonly string[]): Promise<string | null> {
    const [row] = await em.execute<{ notification_type: string }[]>(
      `select notification_type from alert_notifications
        where user_id = ? and related_item_id = ? and notification_type = any(?::text[])
        order by created_at desc, id desc limit 1`,
      [userId, relatedItemId, `{${types.join(',')}}`],
    );
    return row?.notification_type ?? null;
  }

  private insertSql(once: boolean): string {
    return `insert into alert_notifications
        (user_id, notification_type, title, message, link, related_item_id, related_item_type, alert_id, market_watch_id, dedupe_key, created_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ${once ? 'on conflict (dedupe_key) where dedupe_key is not null do nothing' : ''}
      returning ${NOTIFICATION_COLUMNS}`;
  }

  private insertParams(input: NotificationInput, key: string | null): unknown[] {
    return [
      input.userId,
      input.notificationType,
      cut(input.title, NOTIFICATION_TITLE_MAX),
      cut(input.message, NOTIFICATION_MESSAGE_MAX),
      input.link ?? null,
      input.relatedItemId ?? null,
      input.relatedItemType ?? null,
      input.alertId ?? null,
      input.marketWatchId ?? null,
      key,
      this.clock.now(),
    ];
  }

  /** The user whose feed `userId` (an id or `me`) names, if the actor may read it: their own, or any as admin. */
  private ownerOf(actor: Actor, userId: string): string {
    const owner = userId === 'me' ? actor.id : userId.toLowerCase();
    if (owner !== actor.id && actor.role !== 'admin') throw Errors.forbidden();
    return owner;
  }

  /** A page of a user's notifications, newest first (`unread` keeps the unread ones only). */
  async list(actor: Actor, userId: string, query: NotificationListQuery): Promise<ListPage<NotificationDto>> {
    const owner = this.ownerOf(actor, userId);
    const unread = query.unread ? 'and not is_read' : '';
    const rows = await this.db.em.execute<NotificationRow[]>(
      `select ${NOTIFICATION_COLUMNS} from alert_notifications where user_id = ? ${unread}
        order by created_at desc, id desc limit ? offset ?`,
      [owner, query.limit, query.offset],
    );
    const [count] = await this.db.em.execute<{ n: number }[]>(`select count(*)::int as n from alert_notifications where user_id = ? ${unread}`, [owner]);
    return { rows: rows.map(toNotificationDto), total: count?.n ?? 0 };
  }

  /** Marks one of the actor's notifications read (404 for anyone else's, so ids reveal nothing). */
  async markRead(actor: Actor, id: string): Promise<NotificationDto> {
    const [row] = await this.db.em.execute<NotificationRow[]>(
      `update alert_notifications set is_read = true where id = ? and user_id = ? returning ${NOTIFICATION_COLUMNS}`,
      [id, actor.id],
    );
    if (!row) throw Errors.notFound('Notification');
    await this.pushRead(actor.id);
    return toNotificationDto(row);
  }

  /** Tells the user's other tabs that notifications were marked read, with the unread count now. */
  private async pushRead(userId: string): Promise<void> {
    const [row] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from alert_notifications where user_id = ? and not is_read', [userId]);
    await this.live.push(this.db.em, userId, { type: 'notifications_read', unreadCount: row?.n ?? 0 });
  }

  /** Marks every unread notification of the actor read. */
  async markAllRead(actor: Actor): Promise<NotificationsReadDto> {
    const rows = await this.db.em.execute<unknown[]>('update alert_notifications set is_read = true where user_id = ? and not is_read returning id', [actor.id]);
    if (rows.length) await this.live.push(this.db.em, actor.id, { type: 'notifications_read', unreadCount: 0 });
    return { updated: rows.length };
  }

  /** The actor's unread notifications (the bell's count). */
  async unreadCount(actor: Actor): Promise<NotificationCountDto> {
    const [row] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from alert_notifications where user_id = ? and not is_read', [actor.id]);
    return { count: row?.n ?? 0 };
  }
}
