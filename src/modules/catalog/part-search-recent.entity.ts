import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The search vector of one of the newest public parts (migration catalog-search-recent): every public part created
 * at or after the floor (PartSearchRecentFloor) has a row, kept by a trigger on parts and trimmed by a job
 * (search-recent.sql.ts). Only SQL reads and writes it.
 */
export const PartSearchRecent = defineEntity({
  name: 'PartSearchRecent',
  tableName: 'part_search_recent',
  properties: {
    partId: p.uuid().primary(),
    createdAt: p.datetime().columnType('timestamptz'),
    searchVector: p.string().columnType('tsvector').lazy(),
  },
});
export type PartSearchRecent = InferEntity<typeof PartSearchRecent>;

/** The one row saying from which creation time on every public part is in part_search_recent. */
export const PartSearchRecentFloor = defineEntity({
  name: 'PartSearchRecentFloor',
  tableName: 'part_search_recent_floor',
  properties: {
    id: p.boolean().primary().default(true),
    floor: p.datetime().columnType('timestamptz'),
  },
});
export type PartSearchRecentFloor = InferEntity<typeof PartSearchRecentFloor>;
