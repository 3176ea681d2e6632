import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CONDITIONS = [
  'new-in-box',
  'new-out-of-box',
  'used-excellent',
  'used-good',
  'used-poor',
  'rebuilt',
  'for-parts',
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** One photo of a listing; `thumbnailUrl` is set for photos uploaded to Pitlane. */
export interface PartImage {
  url: string;
  altText: string;
  isPrimary: boolean;
  thumbnailUrl?: string;
}

/**
 * A fixed-price listing. `category` and `make` hold slugs; `sellerId` and `approvedBy` are user ids.
 * The database also keeps `search_vector` and `part_number_norm`, which only SQL reads.
 */
export const Part = defineEntity({
  name: 'Part',
  tableName: 'parts',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    title: p.string().length(200),
    description: p.text(),
    price: p.decimal('string').precision(10).scale(2),
    originalPrice: p.decimal('string').precision(10).scale(2).nullable(),
    category: p.string().length(100),
    make: p.string().length(100),
    model: p.string().length(100).nullable(),
    yearStart: p.smallint().nullable(),
    yearEnd: p.smallint().nullable(),
    partNumber: p.string().length(100).nullable(),
    condition: p.enum(CONDITIONS),
    location: p.string().length(200),
    sellerId: p.uuid(),
    images: p.json<PartImage[]>(),
    isVerified: p.boolean().default(false),
    isFeatured: p.boolean().default(false),
    isActive: p.boolean().default(true),
    isApproved: p.boolean().default(false),
    approvedBy: p.uuid().nullable(),
    approvedAt: p.datetime().nullable(),
    rejectionReason: p.text().nullable(),
    /** Set when the seller marked the listing sold elsewhere (then `isActive` is false). */
    soldAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Part = InferEntity<typeof Part>;
