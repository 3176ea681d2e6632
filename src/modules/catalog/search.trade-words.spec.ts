import { describe, expect, it } from 'vitest';
import { isTradeWord, TRADE_WORDS, tradeWordsQuery } from './search.trade-words.js';
import { correctWords, isCorrectable, KnownWords, queryWords, requiredWords } from './search.words.js';

describe('tradeWordsQuery', () => {
  it('widens each trade word to itself or what it stands for, and keeps the other words required', () => {
    expect(tradeWordsQuery(['carb'])).toBe('(carb | carburettor | carburetor)');
    expect(tradeWordsQuery(['weber', 'carbs'])).toBe('weber & (carbs | carburettor | carburetor)');
    expect(tradeWordsQuery(['mag'])).toBe('(mag | magneto | (magnesium & wheel))');
    expect(tradeWordsQuery(['limited', 'slip', 'diff'])).toBe('limited & slip & (diff | differential)');
  });

  it('knows the trade\'s common abbreviations and their plurals', () => {
    const meaning = (word: string) => TRADE_WORDS.get(word)?.flat();
    expect(meaning('rad')).toEqual(['radiator']);
    expect(meaning('rads')).toEqual(['radiator']);
    expect(meaning('alt')).toEqual(['alternator']);
    expect(meaning('dizzy')).toEqual(['distributor']);
    expect(meaning('dizzies')).toEqual(['distributor']);
    expect(meaning('trans')).toEqual(['transmission']);
    expect(meaning('diffs')).toEqual(['differential']);
    expect(meaning('mags')).toEqual(['magneto', 'magnesium', 'wheel']);
  });

  it('is null without a trade word, so that those searches keep their statement', () => {
    expect(tradeWordsQuery(['porsche', '911', 'clutch'])).toBeNull();
    expect(tradeWordsQuery([])).toBeNull();
  });

  it('leaves a name that begins with a trade word alone ("Trans Am")', () => {
    expect(tradeWordsQuery(queryWords('Trans Am hood bird'))).toBeNull();
    expect(tradeWordsQuery(['pontiac', 'trans'])).toBe('pontiac & (trans | transmission)');
  });
});

describe('trade words and correction', () => {
  it('never corrects a trade word, so "carb" no longer becomes the ignored "car" and lists everything', () => {
    expect(isTradeWord('carb')).toBe(true);
    expect(isCorrectable('carb')).toBe(false);
    expect(isCorrectable('carbs')).toBe(false);
    const lookup = { known: new Set<string>(), nearest: new Map([['carb', { word: 'car', similarity: 0.5 }]]) };
    expect(correctWords(['carb'], lookup)).toEqual(['carb']);
    expect(requiredWords(correctWords(queryWords('Carbs'), lookup))).toEqual(['carbs']);
    // No lexicon query is needed for them either.
    expect(new KnownWords(() => 0).coversAll(['carb', 'diff', 'mag'])).toBe(true);
  });
});
