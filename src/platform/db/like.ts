import type { FilterQuery } from '@mikro-orm/core';

/** Escapes LIKE wildcards so user text matches literally in `$like`/`$ilike` patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching text that contains `text` literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * One condition per field: the field contains `text` literally, ignoring case. Spread them into an `$or`
 * (with any further conditions) for a console search box over several columns.
 */
export function containsConditions<T>(fields: ReadonlyArray<keyof T & string>, text: string): FilterQuery<T>[] {
  const pattern = containsPattern(text);
  return fields.map((field) => ({ [field]: { $ilike: pattern } }) as FilterQuery<T>);
}
