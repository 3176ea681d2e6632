/** Roles in rising order of power: an admin passes every check, a seller passes seller and buyer checks. */
export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { buyer: 0, seller: 1, admin: 2 };

/** Whether a user of `role` passes a check that requires `required`. */
export function hasRole(role: Role | undefined | null, required: Role): boolean {
  if (!role) return false;
  return rank[role] >= rank[required];
}

export const canAccessAdmin = (role?: Role | null) => hasRole(role, 'admin');
export const canManageListings = (role?: Role | null) => hasRole(role, 'admin');
export const canApproveSellers = (role?: Role | null) => hasRole(role, 'admin');
export const canAccessSeller = (role?: Role | null) => hasRole(role, 'seller');
export const canCreateContent = (role?: Role | null) => hasRole(role, 'seller');
/** Bidding needs only a signed-in user. */
export const canBid = (role?: Role | null) => hasRole(role, 'buyer');
