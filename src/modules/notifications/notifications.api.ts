import type { NotificationDto, NotificationItemType } from './notification.dto.js';

/** A notice another module of the process records for a user (the garage's alert matches and price moves). */
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

/** A notice stored at most once: `key` names it (default `alert:{alertId}:{relatedItemId}`). */
export interface NotificationOnceInput extends NotificationInput {
  key?: string;
}

/**
 * What other modules may ask of the notification centre. Most publish events the centre subscribes to; the
 * garage records its alert matches and price moves here, in its own transaction (each call joins the caller's).
 */
export abstract class NotificationsApi {
  /** Stores a notice in the caller's transaction; it reaches the user's open tabs when that transaction commits. */
  abstract record(input: NotificationInput): Promise<NotificationDto>;
  /**
   * Stores many notices in one statement, each once per key (a key stored before, or repeated, stores nothing),
   * and answers those stored. Pushes nothing: hand them to `deliver` once the caller's transaction committed.
   */
  abstract recordManyOnce(items: readonly NotificationOnceInput[]): Promise<NotificationDto[]>;
  /** Pushes stored notices to their users' open tabs, gathered in one send; call it after their commit. */
  abstract deliver(notifications: readonly NotificationDto[]): Promise<void>;
  /** Marks notices as mailed (their `sentAt`), in the caller's transaction. */
  abstract markSent(ids: readonly string[]): Promise<void>;
}
