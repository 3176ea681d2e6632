import { Migration } from '@mikro-orm/migrations';

/**
 * catalog: the search lexicon is looked up by English stem too, so a correctly spelt word that listings hold only
 * in another form ("engine" where they say "engines") counts as known and is never "corrected" to that form.
 *
 * The lexicon holds the listings' words as written (the 'simple' configuration), while the text index holds
 * their English stems: "engine" was missing from the lexicon, so the typo correction rewrote it to "engines",
 * though the text index would have matched it as typed. The index is on the expression the search's look-up
 * writes (STEM_OF in part-search.sql.ts); stop words have no stem (null) and match nothing.
 */
export class Migration20261124160000CatalogSearchWordStems extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "part_search_words_stem_index" on "part_search_words" (((ts_lexize('english_stem', "word"))[1]))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "part_search_words_stem_index"`);
  }
}
