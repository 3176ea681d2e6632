import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import type { NotificationCountDto, NotificationDto, NotificationsReadDto } from './notification.dto.js';
import { Notification } from './notification.entity.js';
import { NotificationLive } from './notification.live.js';
import { toNotificationDto } from './notification.mapper.js';
import type { NotificationListQuery } from './notification.schemas.js';

/** A user's feed (issue 20): its pages, read marks and unread count; read marks reach the user's other tabs. */
@injectable()
export class NotificationFeedService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(NotificationLive) private readonly live: NotificationLive,
  ) {}

  /** The user whose feed `userId` (an id or `me`) names, if the actor may read it: their own, or any as admin. */
  private ownerOf(actor: Actor, userId: string): string {
    const owner = userId === 'me' ? actor.id : userId.toLowerCase();
    if (owner !== actor.id && actor.role !== 'admin') throw Errors.forbidden();
    return owner;
  }

  /** A page of a user's notifications, newest first (`unread` keeps the unread ones only). */
  async list(actor: Actor, userId: string, query: NotificationListQuery): Promise<ListPage<NotificationDto>> {
    const owner = this.ownerOf(actor, userId);
    const [rows, total] = await this.db.em.findAndCount(
      Notification,
      query.unread ? { userId: owner, isRead: false } : { userId: owner },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.limit, offset: query.offset },
    );
    return { rows: rows.map(toNotificationDto), total };
  }

  /** Marks one of the actor's notifications read (404 for anyone else's, so ids reveal nothing). */
  async markRead(actor: Actor, id: string): Promise<NotificationDto> {
    const notification = await this.db.em.findOne(Notification, { id, userId: actor.id });
    if (!notification) throw Errors.notFound('Notification');
    notification.isRead = true;
    await this.db.em.flush();
    await this.live.push(this.db.em, actor.id, { type: 'notifications_read', unreadCount: await this.unread(actor.id) });
    return toNotificationDto(notification);
  }

  /** Marks every unread notification of the actor read; their other tabs hear the count is 0. */
  async markAllRead(actor: Actor): Promise<NotificationsReadDto> {
    const updated = await this.db.em.nativeUpdate(Notification, { userId: actor.id, isRead: false }, { isRead: true });
    if (updated) await this.live.push(this.db.em, actor.id, { type: 'notifications_read', unreadCount: 0 });
    return { updated };
  }

  /** The actor's unread notifications (the bell's count). */
  async unreadCount(actor: Actor): Promise<NotificationCountDto> {
    return { count: await this.unread(actor.id) };
  }

  private unread(userId: string): Promise<number> {
    return this.db.em.count(Notification, { userId, isRead: false });
  }
}
