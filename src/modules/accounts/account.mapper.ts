/** Builds the answers declared in account.dto.ts from the accounts' entities. */
import type { AdminUserDto, CurrentUserDto, PolicyAcceptanceDto, UserDto } from './account.dto.js';
import type { PolicyAcceptance } from './policy-acceptance.entity.js';
import type { User } from './user.entity.js';

export const toCurrentUser = (u: User): CurrentUserDto => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
  email: u.email,
  role: u.role,
});

/** The public view of a user; the email only for the user themselves and admins. */
export const toUserDto = (u: User, showEmail: boolean): UserDto => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  ...(showEmail ? { email: u.email } : {}),
  role: u.role,
  isVerified: u.isVerified,
  country: u.country,
  location: u.location ?? null,
  createdAt: u.createdAt.toISOString(),
  ...(showEmail ? { suspendedAt: u.suspendedAt?.toISOString() ?? null, suspensionReason: u.suspensionReason ?? null } : {}),
});

/** A user for the console: the profile with the suspension and the suspicious-activity score. */
export const toAdminUserDto = (u: User): AdminUserDto => ({
  ...toUserDto(u, true),
  email: u.email,
  suspendedAt: u.suspendedAt?.toISOString() ?? null,
  suspensionReason: u.suspensionReason ?? null,
  suspendedBy: u.suspendedBy ?? null,
  suspiciousActivityScore: u.suspiciousActivityScore,
});

export const toAcceptanceDto = (a: PolicyAcceptance): PolicyAcceptanceDto => ({
  id: a.id,
  userId: a.userId,
  policyType: a.policyType,
  policyVersion: a.policyVersion,
  acceptedAt: a.acceptedAt.toISOString(),
  ipAddress: a.ipAddress,
  userAgent: a.userAgent ?? null,
  isCurrentVersion: a.isCurrentVersion,
});
