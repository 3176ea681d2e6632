/** Escapes LIKE wildcards so user text matches literally in `$like`/`$ilike` patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching text that contains `text` literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
