import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The key of a reference row (a category, a make, a default badge) that start-up has applied (`reference_data`),
 * so a row an admin later renamed or deleted is never put back.
 */
export const ReferenceDataKey = defineEntity({
  name: 'ReferenceDataKey',
  tableName: 'reference_data',
  properties: {
    kind: p.string().length(60).primary(),
    key: p.string().length(100).primary(),
    appliedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReferenceDataKey = InferEntity<typeof ReferenceDataKey>;
