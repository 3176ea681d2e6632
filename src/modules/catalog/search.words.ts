import { isTradeWord } from './search.trade-words.js';

/** Query words are cut to this many, so one search costs a bounded number of lexicon look-ups. */
export const MAX_QUERY_WORDS = 8;
/** A trigram match at least this close wins over splitting a word in two. */
export const STRONG_SIMILARITY = 0.6;

/** The words of a search text, lower-cased, split on anything that is not a letter or digit. */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/** A part number reduced to letters and digits, upper-cased, as the `part_number_norm` column holds it. */
export function normalizePartNumber(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Texts that may be a part number: the whole query and each space-separated token, normalized; only those
 * with a digit and at least 4 characters (so "911" alone is a model, not a part number).
 */
export function partNumberCandidates(text: string): string[] {
  const tokens = [text, ...text.split(/\s+/)].map(normalizePartNumber);
  return [...new Set(tokens.filter((t) => t.length >= 4 && t.length <= 100 && /\d/.test(t)))];
}

/**
 * Words that describe the whole catalog rather than a listing ("Porsche 911 Parts", "Classic Mustang"): a search
 * ignores them, so that a listing need not say them to be found, and never corrects them. A search made of them
 * alone is the whole catalog (see docs/decisions/catalog.md, catalog).
 */
export const OPTIONAL_WORDS: ReadonlySet<string> = new Set(['part', 'parts', 'for', 'classic', 'classics', 'vintage', 'antique', 'car', 'cars']);

/** The words a listing must match: the query's words but the optional ones. */
export function requiredWords(words: readonly string[]): string[] {
  return words.filter((w) => !OPTIONAL_WORDS.has(w));
}

/**
 * Whether a word is worth correcting: long enough, without digits (model codes and sizes are kept), not optional,
 * not a trade word (search.trade-words.ts: "carb" means a carburettor, not "car").
 */
export function isCorrectable(word: string): boolean {
  return word.length >= 3 && !/\d/.test(word) && !OPTIONAL_WORDS.has(word) && !isTradeWord(word);
}

/**
 * Whether `near` may stand for `word`. An optional word that `word` begins with may not ("cart" is not "car"): the
 * search would drop it and answer the whole catalog for a word it does not know.
 */
function mayCorrectTo(word: string, near: string): boolean {
  return !(OPTIONAL_WORDS.has(near) && word.startsWith(near));
}

/** Every way to cut a word into two parts of at least two characters ("waterpump" -> water + pump, ...). */
export function splitCandidates(word: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 2; i <= word.length - 2; i++) pairs.push([word.slice(0, i), word.slice(i)]);
  return pairs;
}

export interface Lookup {
  /** Words of the lexicon among those asked about, and query words one of whose forms it holds (same stem). */
  known: ReadonlySet<string>;
  /** The closest lexicon word by trigram similarity, for words not in the lexicon. */
  nearest: ReadonlyMap<string, { word: string; similarity: number }>;
}

/**
 * Replaces each unknown query word with what the lexicon suggests: the word itself when known (or not
 * correctable), a split into two known words, or the nearest word by trigram similarity. A strong
 * trigram match beats a split, so "clutchs" becomes "clutch" rather than something odd.
 */
export function correctWords(words: readonly string[], lookup: Lookup): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (lookup.known.has(word) || !isCorrectable(word)) {
      out.push(word);
      continue;
    }
    const found = lookup.nearest.get(word);
    const near = found && mayCorrectTo(word, found.word) ? found : undefined;
    const split = splitCandidates(word)
      .filter(([a, b]) => lookup.known.has(a) && lookup.known.has(b))
      // Prefer the most even cut: "waterpump" -> "water pump" over "wa terpump".
      .sort((x, y) => Math.abs(x[0].length - x[1].length) - Math.abs(y[0].length - y[1].length))[0];
    if (split && !(near && near.similarity >= STRONG_SIMILARITY)) out.push(...split);
    else if (near) out.push(near.word);
    else out.push(word);
  }
  return out;
}

/**
 * The words that correction left as typed though the lexicon knows them in no form: no public listing holds them,
 * so a search that must match one finds nothing (what the search page then says).
 */
export function unmatchedWords(words: readonly string[], lookup: Lookup): string[] {
  return words.filter((word) => {
    if (!isCorrectable(word) || lookup.known.has(word)) return false;
    const corrected = correctWords([word], lookup);
    return corrected.length === 1 && corrected[0] === word;
  });
}

/** The words to ask the lexicon about: every query word and both halves of every split. */
export function lexiconProbe(words: readonly string[]): string[] {
  const probe = new Set<string>();
  for (const word of words) {
    probe.add(word);
    if (isCorrectable(word)) for (const [a, b] of splitCandidates(word)) probe.add(a).add(b);
  }
  return [...probe];
}

/** How long a word is remembered as known (the lexicon only grows; this bounds a database restored under us). */
export const KNOWN_WORD_TTL_MS = 10 * 60_000;
/** At most this many known words are remembered; the least recently used go first. */
export const KNOWN_WORDS_CACHE_SIZE = 20_000;

/**
 * Strings remembered for a while: at most `maxSize` of them, the least recently used going first, each for
 * `ttlMs` after it was last remembered. A hint that saves a query, never an answer.
 */
export class RememberedSet {
  private readonly items = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = KNOWN_WORD_TTL_MS,
    private readonly maxSize = KNOWN_WORDS_CACHE_SIZE,
  ) {}

  /** Whether `item` was remembered within the TTL (counts as a use). */
  has(item: string): boolean {
    const seen = this.items.get(item);
    if (seen === undefined) return false;
    this.items.delete(item);
    if (this.now() - seen >= this.ttlMs) return false;
    this.items.set(item, seen);
    return true;
  }

  /** Remembers `items` from now on. */
  remember(items: Iterable<string>): void {
    const at = this.now();
    for (const item of items) {
      this.items.delete(item);
      this.items.set(item, at);
      if (this.items.size > this.maxSize) this.items.delete(this.items.keys().next().value!);
    }
  }

  /** Whether `item` was remembered (last) less than `ms` ago; unlike `has`, not a use. */
  rememberedWithin(item: string, ms: number): boolean {
    const seen = this.items.get(item);
    return seen !== undefined && this.now() - seen < Math.min(ms, this.ttlMs);
  }

  /** Forgets `item`. */
  forget(item: string): void {
    this.items.delete(item);
  }
}

/**
 * Words the lexicon is known to hold. The lexicon only ever gains words (a listing's words are added when it
 * is approved, and never removed), so a word once known stays known and a search whose every word is known
 * or left as typed needs no correction, hence no lexicon query. Unknown words are not remembered: a word
 * may join the lexicon at any time.
 */
export class KnownWords extends RememberedSet {
  /** Whether correction would leave every word as typed: each is known or not one to correct. */
  coversAll(words: readonly string[]): boolean {
    return words.every((w) => !isCorrectable(w) || this.has(w));
  }
}
