import type { Seller, Storefront } from './seller.entity.js';

/** A seller record as its owner and admins see it. */
export interface SellerDto {
  id: string;
  userId: string;
  businessName: string;
  businessType: string;
  taxId: string | null;
  businessLicense: string | null;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  businessCountry: string;
  contactPhone: string;
  website: string | null;
  description: string | null;
  yearsInBusiness: number | null;
  specialties: string[];
  status: string;
  requiresListingApproval: boolean;
  rejectionReason: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The console's view adds the applicant's username and email. */
export interface AdminSellerDto extends SellerDto {
  username: string | null;
  email: string | null;
}

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

/** A storefront with its seller's location and listing figures. */
export interface StorefrontDto {
  id: string;
  sellerId: string;
  userId: string;
  slug: string;
  displayName: string;
  logo: string | null;
  bannerImage: string | null;
  description: string | null;
  policies: string | null;
  isActive: boolean;
  createdAt: string;
  /** "City, ST". */
  location: string;
  businessCity: string;
  businessState: string;
  stats: {
    totalParts: number;
    featuredParts: number;
    memberSince: number;
    categories: { slug: string; name: string }[];
  };
}

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
