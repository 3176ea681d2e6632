// Short words and abbreviations of the trade that listings spell out ("carb" for a carburettor). The lexicon only
// knows words already in listings, and trigram correction takes a short word to its nearest neighbour ("carb" to
// "car", which every search ignores), so these are read from a table instead: a query word here matches itself or
// what it stands for, and is never corrected. See docs/decisions/catalog.md, "Trade words".

/** What a trade word stands for: each alternative is the words a listing must all hold ("magnesium wheel"). */
type Meanings = readonly (readonly string[])[];

const CARBURETTOR: Meanings = [['carburettor'], ['carburetor']];
const DIFFERENTIAL: Meanings = [['differential']];
const MAG: Meanings = [['magneto'], ['magnesium', 'wheel']];
const RADIATOR: Meanings = [['radiator']];
const ALTERNATOR: Meanings = [['alternator']];
const DISTRIBUTOR: Meanings = [['distributor']];
const TRANSMISSION: Meanings = [['transmission']];

/** Trade words and their plurals (the full words' plurals need no entry: the text index stems them). */
export const TRADE_WORDS: ReadonlyMap<string, Meanings> = new Map([
  ['carb', CARBURETTOR],
  ['carbs', CARBURETTOR],
  ['carby', CARBURETTOR],
  ['carbies', CARBURETTOR],
  ['diff', DIFFERENTIAL],
  ['diffs', DIFFERENTIAL],
  ['mag', MAG],
  ['mags', MAG],
  ['rad', RADIATOR],
  ['rads', RADIATOR],
  ['alt', ALTERNATOR],
  ['alts', ALTERNATOR],
  ['dizzy', DISTRIBUTOR],
  ['dizzies', DISTRIBUTOR],
  ['dizzys', DISTRIBUTOR],
  ['trans', TRANSMISSION],
]);

/** Names that begin with a trade word and mean something else: there the word is only itself ("Trans Am"). */
const NAMES: ReadonlyMap<string, ReadonlySet<string>> = new Map([['trans', new Set(['am'])]]);

/** Whether `word` is a trade word (then it is never corrected). */
export function isTradeWord(word: string): boolean {
  return TRADE_WORDS.has(word);
}

/** What `words[i]` stands for there, or undefined when it is only itself. */
function meaningsAt(words: readonly string[], i: number): Meanings | undefined {
  const word = words[i]!;
  if (NAMES.get(word)?.has(words[i + 1] ?? '')) return undefined;
  return TRADE_WORDS.get(word);
}

/**
 * The `to_tsquery('english', …)` text of `words` (a listing must match each, as plainto_tsquery would), with each
 * trade word widened to itself or its meanings: "weber carb" is `weber & (carb | carburettor | carburetor)`. Null
 * when no word is a trade word, so that such searches keep their plainto_tsquery statement. The words are letters
 * and digits only (queryWords), so none is an operator.
 */
export function tradeWordsQuery(words: readonly string[]): string | null {
  if (!words.some((_, i) => meaningsAt(words, i))) return null;
  return words
    .map((word, i) => {
      const meanings = meaningsAt(words, i);
      if (!meanings) return word;
      const alternatives = meanings.map((all) => (all.length > 1 ? `(${all.join(' & ')})` : all[0]!));
      return `(${[word, ...alternatives].join(' | ')})`;
    })
    .join(' & ');
}
