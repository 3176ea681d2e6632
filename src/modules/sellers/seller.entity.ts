import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SellerStatus } from './seller.dto.js';

export const BUSINESS_TYPES = ['individual', 'business', 'dealership'] as const;
export const SELLER_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly SellerStatus[];
export type { SellerStatus };

/** A seller application and, once approved, the seller record. `userId` and `approvedBy` are user ids. */
export const Seller = defineEntity({
  name: 'Seller',
  tableName: 'sellers',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    businessName: p.string().length(200),
    businessType: p.enum(BUSINESS_TYPES).default('individual'),
    taxId: p.string().length(50).nullable(),
    businessLicense: p.string().length(100).nullable(),
    businessAddress: p.string().length(300),
    businessCity: p.string().length(100),
    businessState: p.string().length(2),
    businessZip: p.string().length(20),
    businessCountry: p.string().length(100).default('USA'),
    contactPhone: p.string().length(40),
    website: p.string().length(500).nullable(),
    description: p.text().nullable(),
    specialties: p.array(),
    yearsInBusiness: p.integer().nullable(),
    status: p.enum(SELLER_STATUSES).default('pending'),
    approvedBy: p.uuid().nullable(),
    approvedAt: p.datetime().nullable(),
    rejectionReason: p.text().nullable(),
    requiresListingApproval: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Seller = InferEntity<typeof Seller>;

/** A seller's public shop page, created when the seller is approved. */
export const Storefront = defineEntity({
  name: 'Storefront',
  tableName: 'storefronts',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    sellerId: p.uuid(),
    userId: p.uuid(),
    slug: p.string().length(100),
    displayName: p.string().length(200),
    logo: p.string().length(500).nullable(),
    bannerImage: p.string().length(500).nullable(),
    description: p.text().nullable(),
    policies: p.text().nullable(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Storefront = InferEntity<typeof Storefront>;
