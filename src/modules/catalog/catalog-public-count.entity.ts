import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The number of public parts (active and approved), one row kept exact by the parts' statement triggers (migration
 * catalog-browse-counts), so the browse without a filter does not count every public part. Only SQL writes it.
 */
export const CatalogPublicCount = defineEntity({
  name: 'CatalogPublicCount',
  tableName: 'catalog_public_count',
  properties: {
    id: p.boolean().primary().default(true),
    parts: p.bigint('number'),
  },
});
export type CatalogPublicCount = InferEntity<typeof CatalogPublicCount>;
