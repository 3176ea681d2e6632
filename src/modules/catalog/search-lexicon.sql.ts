import type { SqlRunner } from '../../platform/db/sql-runner.js';
import {
  correctWords,
  isCorrectable,
  type KnownWords,
  lexiconProbe,
  partNumberCandidates,
  queryWords,
  requiredWords,
  unmatchedWords,
} from './search.words.js';
import { tradeWordsQuery } from './search.trade-words.js';

/** A search text after typo correction: what full-text search runs, and the part numbers to match exactly. */
export interface PreparedQuery {
  /** The words full-text search runs: the corrected query's words but the optional ones (empty if it has only those). */
  text: string;
  /** When `text` holds a trade word ("carb"), the to_tsquery text that also matches what it stands for; else null. */
  expression: string | null;
  partNumbers: string[];
  /** The corrected text when it differs from what was typed, else null. */
  corrected: string | null;
  /** Typed words no public listing holds, in any form (see unmatchedWords); empty when the lexicon was not asked. */
  unmatched: string[];
}

/**
 * A word's English stem as the text index holds it, written as the lexicon's stem index is (migration
 * catalog-search-word-stems), so the look-up uses it; null for stop words.
 */
const STEM_OF = (word: string) => `(ts_lexize('english_stem', ${word}))[1]`;
/**
 * Corrects each query word against the lexicon of listed words, in one query: which probed words the
 * lexicon knows, which correctable query words it knows in another form (the same English stem: "engine"
 * when listings say "engines", which full-text search matches anyway), and for each correctable query word
 * it knows in no form, its nearest word by trigrams. No query when every word is already known (or not one
 * to correct): nothing would change. Optional words ("parts", "classic") are kept as typed and left out of
 * the text searched.
 */
export async function prepareQuery(db: SqlRunner, q: string, knownWords?: KnownWords): Promise<PreparedQuery> {
  const words = queryWords(q);
  const partNumbers = partNumberCandidates(q);
  const prepared = (correctedWords: readonly string[], unmatched: string[] = []): PreparedQuery => {
    const shown = correctedWords.join(' ');
    const required = requiredWords(correctedWords);
    return {
      text: required.join(' '),
      expression: tradeWordsQuery(required),
      partNumbers,
      corrected: shown === words.join(' ') ? null : shown,
      unmatched: [...new Set(unmatched)],
    };
  };
  if (!words.length || knownWords?.coversAll(words)) return prepared(words);
  const probe = lexiconProbe(words);
  const rows = await db.runPrepared<{ asked: string | null; word: string; similarity: number | null }>(
    `with asked as (
       select distinct w from jsonb_array_elements_text(?::jsonb) as w
     ),
     known as (
       select word from part_search_words where word = any(array(select jsonb_array_elements_text(?::jsonb)))
       union
       select a.w from asked a where (
         select true from part_search_words l where ${STEM_OF('l.word')} = ${STEM_OF('a.w')} limit 1
       )
     ),
     unknown as (
       select w from asked where w not in (select word from known)
     )
     select null::text as asked, word, null::float8 as similarity from known
     union all
     select u.w, best.word, best.similarity from unknown u cross join lateral (
       select l.word, similarity(l.word, u.w)::float8 as similarity from part_search_words l
       where l.word % u.w order by similarity desc, abs(length(l.word) - length(u.w)) asc, l.word asc limit 1
     ) best`,
    [JSON.stringify(words.filter(isCorrectable)), JSON.stringify(probe)],
  );
  const known = new Set(rows.filter((r) => r.asked === null).map((r) => r.word));
  knownWords?.remember(known);
  const nearest = new Map<string, { word: string; similarity: number }>();
  for (const r of rows) if (r.asked !== null) nearest.set(r.asked, { word: r.word, similarity: Number(r.similarity) });
  return prepared(correctWords(words, { known, nearest }), unmatchedWords(words, { known, nearest }));
}

