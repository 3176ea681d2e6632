import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A part on a user's watchlist; one row per user and part. */
export const Favorite = defineEntity({
  name: 'Favorite',
  tableName: 'favorites',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    partId: p.uuid().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['userId', 'partId'] }],
});
export type Favorite = InferEntity<typeof Favorite>;
