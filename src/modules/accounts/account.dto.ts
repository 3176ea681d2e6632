import type { Role } from '../../platform/roles.js';
import type { PolicyAcceptance } from './policy-acceptance.entity.js';
import type { User } from './user.entity.js';

export interface CurrentUserDto {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
}

export interface UserDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email?: string;
  role: Role;
  isVerified: boolean;
  country: string;
  location: string | null;
  createdAt: string;
}

/** A user as the bidding rules see them: the profile plus the suspicious-activity score. */
export interface BidderDto extends UserDto {
  suspiciousActivityScore: number;
}

export interface PolicyAcceptanceDto {
  id: string;
  userId: string;
  policyType: string;
  policyVersion: string;
  acceptedAt: string;
  ipAddress: string;
  userAgent: string | null;
  isCurrentVersion: boolean;
}

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
