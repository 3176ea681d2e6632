import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';

/** The user a `{userId}` path names (an id or `me`), if `actor` may read it: their own, or anyone's as admin. */
export function ownerOf(actor: Actor, userId: string): string {
  const owner = userId === 'me' ? actor.id : userId.toLowerCase();
  if (owner !== actor.id && !hasRole(actor.role, 'admin')) throw Errors.forbidden();
  return owner;
}

/** May `actor` change a row of `rowUserId`: its owner, or an admin. */
export function mayChange(actor: Actor, rowUserId: string): boolean {
  return rowUserId === actor.id || hasRole(actor.role, 'admin');
}

/** "1967-1969 Porsche 911", "1967 Porsche 911", "Porsche 911". */
export function defaultVehicleName(makeName: string, model: string, yearStart: number | null, yearEnd: number | null): string {
  const years = yearStart && yearEnd && yearEnd !== yearStart ? `${yearStart}-${yearEnd}` : String(yearStart ?? yearEnd ?? '');
  return [years, makeName, model].filter(Boolean).join(' ').slice(0, 200);
}

/**
 * The total of a list whose page held `found` rows: known without counting when the page is not full (and
 * not past the end), else counted.
 */
export async function pageTotal(found: number, page: { limit: number; offset: number }, count: () => Promise<number>): Promise<number> {
  if (found < page.limit && (found > 0 || page.offset === 0)) return page.offset + found;
  return count();
}

/** An alert's name in quotes, once: a saved search's name carries its text in quotes already (`"falcon"`). */
export const quotedName = (name: string): string => (/["“”]/.test(name) ? name : `"${name}"`);
