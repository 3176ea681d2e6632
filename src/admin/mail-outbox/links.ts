const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>]+$/;

/**
 * The http(s) URLs in a plain-text mail, in order of appearance and without repeats, with the
 * sentence punctuation that often follows a link ("... at https://x/verify?token=abc.") removed.
 */
export function extractLinks(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    // Keep a closing parenthesis that belongs to the URL itself, e.g. a wiki link "Foo_(bar)".
    while (TRAILING_PUNCTUATION.test(url)) {
      const last = url.at(-1);
      if (last === ')' && (url.match(/\(/g)?.length ?? 0) >= (url.match(/\)/g)?.length ?? 0)) break;
      url = url.slice(0, -1);
    }
    if (isHttpUrl(url)) seen.add(url);
  }
  return [...seen];
}

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
