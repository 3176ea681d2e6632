/** Builds the answers declared in seller.dto.ts from the sellers' entities. */
import type { Seller, Storefront } from './seller.entity.js';
import type { SellerDto, StorefrontDto } from './seller.dto.js';

export const toSellerDto = (s: Seller): SellerDto => ({
  id: s.id,
  userId: s.userId,
  businessName: s.businessName,
  businessType: s.businessType,
  taxId: s.taxId ?? null,
  businessLicense: s.businessLicense ?? null,
  businessAddress: s.businessAddress,
  businessCity: s.businessCity,
  businessState: s.businessState,
  businessZip: s.businessZip,
  businessCountry: s.businessCountry,
  contactPhone: s.contactPhone,
  website: s.website ?? null,
  description: s.description ?? null,
  yearsInBusiness: s.yearsInBusiness ?? null,
  specialties: s.specialties ?? [],
  status: s.status,
  requiresListingApproval: s.requiresListingApproval,
  rejectionReason: s.rejectionReason ?? null,
  approvedBy: s.approvedBy ?? null,
  approvedAt: s.approvedAt ? s.approvedAt.toISOString() : null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export function toStorefrontDto(
  f: Storefront,
  seller: Seller,
  stats: { active: number; featured: number; categories: { slug: string; name: string }[] },
): StorefrontDto {
  return {
    id: f.id,
    sellerId: f.sellerId,
    userId: f.userId,
    slug: f.slug,
    displayName: f.displayName,
    logo: f.logo ?? null,
    bannerImage: f.bannerImage ?? null,
    description: f.description ?? null,
    policies: f.policies ?? null,
    isActive: f.isActive,
    createdAt: f.createdAt.toISOString(),
    location: `${seller.businessCity}, ${seller.businessState}`,
    businessCity: seller.businessCity,
    businessState: seller.businessState,
    stats: {
      totalParts: stats.active,
      featuredParts: stats.featured,
      memberSince: (seller.approvedAt ?? seller.createdAt).getUTCFullYear(),
      categories: stats.categories,
    },
  };
}
