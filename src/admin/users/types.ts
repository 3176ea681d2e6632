import type { Role } from '../../platform/roles';

/** A user as the `users` console resource returns it. */
export interface UserRecord {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  isVerified: boolean;
  country: string | null;
  location: string | null;
  createdAt: string;
}
