import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A vehicle make; parts refer to it by slug. */
export const Make = defineEntity({
  name: 'Make',
  tableName: 'makes',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(100).unique(),
    slug: p.string().length(100).unique(),
    logo: p.string().length(500).nullable(),
  },
});
export type Make = InferEntity<typeof Make>;
