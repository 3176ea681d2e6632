/** The catalog API's answers as the web app reads them (see src/modules/catalog/part.dto.ts). */

export interface PartImage {
  url: string;
  altText: string;
  isPrimary?: boolean;
  /** The server's resized copy, for photos uploaded to Pitlane. */
  thumbnailUrl?: string;
}

export interface Fitment {
  id: string;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
  transmission: string | null;
  notes: string | null;
}

/** A part; `price` and `originalPrice` are decimal strings ("1234.50"). */
export interface Part {
  id: string;
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  condition: string;
  category: string;
  categoryName: string | null;
  make: string;
  makeName: string | null;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  partNumber: string | null;
  location: string;
  images: PartImage[];
  sellerId: string;
  sellerName: string | null;
  isVerified: boolean;
  isFeatured: boolean;
  /** Listed (not withdrawn by its seller). */
  isActive: boolean;
  /** Approved by the team; public parts are active and approved. */
  isApproved: boolean;
  /** Why the team did not approve it (set on rejected listings). */
  rejectionReason: string | null;
  createdAt: string;
  vehicleCompatibility?: Fitment[];
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  icon: string;
}

export interface Make {
  id: string;
  name: string;
  slug: string;
}

/** GET /api/watchlist */
export interface WatchlistEntry {
  id: string;
  partId: string;
  partTitle: string;
  partDescription: string;
  partPrice: string;
  partCategory: string;
  partCondition: string;
  partLocation: string;
  /** The part's primary photo (an addition to the spec's fields). */
  partImage: PartImage | null;
  isPartAvailable: boolean;
  createdAt: string;
}

/** GET /api/sellers/{sellerId}/storefront */
export interface Storefront {
  slug: string;
  displayName: string;
  logo?: string | null;
  logoUrl?: string | null;
  location?: string | null;
  description?: string | null;
  isActive: boolean;
}

/** One entry of GET /api/users/{id}/badges. */
export interface UserBadge {
  id: string;
  badgeId?: string;
  badge?: { name?: string | null; icon?: string | null } | null;
}
