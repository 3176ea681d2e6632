import { z } from 'zod';

/** Events the accounts module publishes. */
export const ACCOUNT_EVENTS = {
  /** A buyer registered (payload: userId, role). */
  userRegistered: 'accounts.user.registered',
  /** A user confirmed their email address (payload: userId). */
  userVerified: 'accounts.user.verified',
  /** An admin changed a user's role (payload: userId, previousRole, role, changedBy). */
  roleChanged: 'accounts.user.role-changed',
  /** An admin suspended a user (payload: userId, suspendedBy, reason); their live listings leave the market. */
  userSuspended: 'accounts.user.suspended',
  /** An admin lifted a user's suspension (payload: userId, reinstatedBy); their hidden listings come back. */
  userReinstated: 'accounts.user.reinstated',
} as const;

export const userRegisteredPayload = z.object({ userId: z.uuid(), role: z.string() });
export const userVerifiedPayload = z.object({ userId: z.uuid() });
export const roleChangedPayload = z.object({
  userId: z.uuid(),
  previousRole: z.string(),
  role: z.string(),
  changedBy: z.uuid(),
});
export const userSuspendedPayload = z.object({ userId: z.uuid(), suspendedBy: z.uuid(), reason: z.string() });
export const userReinstatedPayload = z.object({ userId: z.uuid(), reinstatedBy: z.uuid() });
