import { z } from 'zod';

/** `{userId}` of GET /api/notifications/{userId}: a user id or `me`. */
export const notificationUserParams = z.object({
  userId: z.union([z.literal('me'), z.uuid({ message: 'Not a valid user id' })]),
});

/** GET /api/notifications/{userId}: a page of the feed, newest first; `unread=true` keeps the unread only. */
export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  unread: z
    .enum(['true', 'false'], { message: 'Must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** The longest title and message a notification stores (longer ones are cut with an ellipsis). */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 1000;
