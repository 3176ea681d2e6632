import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A part category; parts refer to it by slug. `icon` is a keyword the web app maps to a picture. */
export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(100).unique(),
    slug: p.string().length(100).unique(),
    icon: p.string().length(50).default('gear'),
    parentId: p.uuid().nullable().index(),
  },
});
export type Category = InferEntity<typeof Category>;
