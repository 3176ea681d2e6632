import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One word of the search lexicon: the words of public listings, added by the parts' trigger (migration
 * catalog-init), read by the search's typo correction (part-search.sql.ts). Only the trigger writes it.
 */
export const PartSearchWord = defineEntity({
  name: 'PartSearchWord',
  tableName: 'part_search_words',
  properties: {
    word: p.string().length(100).primary(),
  },
});
export type PartSearchWord = InferEntity<typeof PartSearchWord>;
