import { ROLES, type Role } from '../../platform/roles';

const LABELS: Record<Role, string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' };

/** The role choices of the filter and the edit form: buyer, seller, admin. */
export const roleChoices = ROLES.map((id) => ({ id, name: LABELS[id] }));

/** The label of a role ("Seller"); unknown values are shown as they are. */
export function roleLabel(role: unknown): string {
  return typeof role === 'string' && role in LABELS ? LABELS[role as Role] : String(role ?? '');
}
