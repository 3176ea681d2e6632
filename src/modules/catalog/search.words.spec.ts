import { describe, expect, it } from 'vitest';
import {
  correctWords,
  isCorrectable,
  KnownWords,
  RememberedSet,
  lexiconProbe,
  MAX_QUERY_WORDS,
  normalizePartNumber,
  partNumberCandidates,
  queryWords,
  requiredWords,
  splitCandidates,
  unmatchedWords,
} from './search.words.js';

const lexicon = new Set(['porsche', '911', 'clutch', 'kit', 'water', 'pump', 'mustang', 'head', 'gasket', 'clutchs']);
const lookup = (nearest: Record<string, [string, number]> = {}) => ({
  known: lexicon,
  nearest: new Map(Object.entries(nearest).map(([k, [word, similarity]]) => [k, { word, similarity }])),
});

describe('queryWords', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(queryWords('  Porsche 911/930 "Clutch-Kit"  ')).toEqual(['porsche', '911', '930', 'clutch', 'kit']);
  });

  it('keeps accented letters and caps the number of words', () => {
    expect(queryWords('Citroën DS')).toEqual(['citroën', 'ds']);
    expect(queryWords('a b c d e f g h i j k')).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('part numbers', () => {
  it('normalizes punctuation and case away', () => {
    expect(normalizePartNumber('911-116-011-00')).toBe('91111601100');
    expect(normalizePartNumber('mc 39012')).toBe('MC39012');
  });

  it('offers the whole query and each token that looks like a part number', () => {
    expect(partNumberCandidates('clutch 911-116-011-00')).toEqual(['CLUTCH91111601100', '91111601100']);
    expect(partNumberCandidates('porsche 911 clutch')).toEqual(['PORSCHE911CLUTCH']);
    expect(partNumberCandidates('clutch kit')).toEqual([]);
  });
});

describe('correctWords', () => {
  it('keeps known words, numbers and short words as typed', () => {
    expect(correctWords(['porsche', '911', 'xj', '289'], lookup())).toEqual(['porsche', '911', 'xj', '289']);
  });

  it('replaces a misspelt word with the nearest lexicon word', () => {
    expect(correctWords(['porshe', '911', 'clutch'], lookup({ porshe: ['porsche', 0.5] }))).toEqual(['porsche', '911', 'clutch']);
  });

  it('splits a run-together word into two known words, even when a weaker near match exists', () => {
    expect(correctWords(['waterpump'], lookup({ waterpump: ['water', 0.45] }))).toEqual(['water', 'pump']);
    expect(correctWords(['headgasket'], lookup())).toEqual(['head', 'gasket']);
  });

  it('prefers a strong near match over a split', () => {
    expect(correctWords(['mustangs'], lookup({ mustangs: ['mustang', 0.7] }))).toEqual(['mustang']);
  });

  it('keeps a word it cannot correct, so the search honestly finds nothing', () => {
    expect(correctWords(['zzyzx'], lookup())).toEqual(['zzyzx']);
  });

  it('does not take a word to an optional word it begins with, which the search would drop ("cart" is not "car")', () => {
    expect(correctWords(['cart'], lookup({ cart: ['car', 0.5] }))).toEqual(['cart']);
    // A misspelt optional word is still one.
    expect(correctWords(['prats'], lookup({ prats: ['parts', 0.4] }))).toEqual(['parts']);
  });
});

describe('unmatchedWords', () => {
  it('names the words correction left as typed though no listing holds them', () => {
    const found = lookup({ porshe: ['porsche', 0.5], cart: ['car', 0.5] });
    expect(unmatchedWords(['porshe', 'clutch', 'zzyzx', 'cart'], found)).toEqual(['zzyzx', 'cart']);
  });

  it('never names known, split, short, numeric, optional or trade words', () => {
    expect(unmatchedWords(['porsche', 'waterpump', 'xj', '289', 'parts', 'carb'], lookup())).toEqual([]);
  });
});

describe('optional words', () => {
  it('leaves the words that describe the whole catalog out of what a listing must match', () => {
    expect(requiredWords(queryWords('Porsche 911 Parts'))).toEqual(['porsche', '911']);
    expect(requiredWords(queryWords('Ferrari Engine Parts'))).toEqual(['ferrari', 'engine']);
    expect(requiredWords(queryWords('Classic Mustang'))).toEqual(['mustang']);
    expect(requiredWords(queryWords('Vintage BMW'))).toEqual(['bmw']);
    expect(requiredWords(queryWords('Spare parts for classic cars'))).toEqual(['spare']);
  });

  it('never corrects them, whatever the lexicon holds', () => {
    expect(['parts', 'part', 'for', 'classic', 'vintage'].some(isCorrectable)).toBe(false);
    expect(correctWords(['vintage', 'bmw'], lookup({ vintage: ['vintages', 0.8] }))).toEqual(['vintage', 'bmw']);
    const known = new KnownWords(() => 0);
    known.remember(['mustang']);
    expect(known.coversAll(['classic', 'mustang', 'parts'])).toBe(true);
  });
});

describe('lexicon probe', () => {
  it('asks about every word and both halves of each possible split', () => {
    expect(splitCandidates('abcde')).toEqual([
      ['ab', 'cde'],
      ['abc', 'de'],
    ]);
    expect(lexiconProbe(['pump', '289']).sort()).toEqual(['289', 'mp', 'pu', 'pump']);
  });
});

describe('KnownWords', () => {
  it('covers a search whose every correctable word is known; digits and short words need not be', () => {
    const known = new KnownWords(() => 0);
    known.remember(['porsche', 'clutch']);
    expect(known.coversAll(['porsche', '911', 'clutch', 'kw'])).toBe(true);
    expect(known.coversAll(['porsche', 'cluth'])).toBe(false);
  });

  it('forgets a word after the TTL', () => {
    let now = 0;
    const known = new KnownWords(() => now, 1000);
    known.remember(['clutch']);
    now = 999;
    expect(known.has('clutch')).toBe(true);
    now = 1000;
    expect(known.has('clutch')).toBe(false);
  });

  it('keeps at most its size, dropping the least recently used word', () => {
    const known = new KnownWords(() => 0, 1000, 2);
    known.remember(['pump', 'water']);
    expect(known.has('pump')).toBe(true);
    known.remember(['gasket']);
    expect(known.has('water')).toBe(false);
    expect(known.has('pump')).toBe(true);
    expect(known.has('gasket')).toBe(true);
  });
});

describe('RememberedSet', () => {
  it('forgets an item when told, after its TTL, and the least recently used past its size', () => {
    let now = 0;
    const set = new RememberedSet(() => now, 1000, 2);
    set.remember(['a', 'b']);
    set.forget('a');
    expect(set.has('a')).toBe(false);
    expect(set.has('b')).toBe(true);
    set.remember(['c', 'd']);
    expect(set.has('b')).toBe(false);
    expect([set.has('c'), set.has('d')]).toEqual([true, true]);
    now = 1000;
    expect(set.has('c')).toBe(false);
  });
});
