/**
 * The accounts API's answers, declared once here: the server builds them (account.mapper.ts) and both front ends
 * read them with `import type`. Declarations only.
 */
import type { Role } from '../../platform/roles.js';

/** The signed-in user (GET /api/auth/user, POST /api/auth/login). */
export interface CurrentUserDto {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
}

/** A user (GET /api/users/{id}; the console's users resource); the email only for the user themselves and admins. */
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
  /** Only for the user themselves and admins: when an admin suspended the account (null while it is in good standing). */
  suspendedAt?: string | null;
  /** Only for the user themselves and admins: the admin's reason for the suspension. */
  suspensionReason?: string | null;
}

/** A user as the console's users resource shows them: the profile, the suspension and the suspicious-activity score. */
export interface AdminUserDto extends UserDto {
  email: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
  suspendedBy: string | null;
  suspiciousActivityScore: number;
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
