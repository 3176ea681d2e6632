import { z } from 'zod';

/** Events the accounts module publishes. */
export const ACCOUNT_EVENTS = {
  /** A buyer registered (payload: userId, role). */
  userRegistered: 'accounts.user.registered',
  /** A user confirmed their email address (payload: userId). */
  userVerified: 'accounts.user.verified',
  /** An admin changed a user's role (payload: userId, previousRole, role, changedBy). */
  roleChanged: 'accounts.user.role-changed',
} as const;

export const userRegisteredPayload = z.object({ userId: z.uuid(), role: z.string() });
export const userVerifiedPayload = z.object({ userId: z.uuid() });
export const roleChangedPayload = z.object({
  userId: z.uuid(),
  previousRole: z.string(),
  role: z.string(),
  changedBy: z.uuid(),
});
