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
