/** Builds the answers declared in part.dto.ts from the catalog's entities. */
import type { Part, PartImage } from './part.entity.js';
import type { PartFitment } from './part-fitment.entity.js';
import type { FitmentDto, PartDto, PartImageDto, PartNumberDto } from './part.dto.js';
import { formatCents, parseMoney } from '../../platform/money.js';

const UPLOADED = /^(\/api\/uploads\/files\/[0-9a-f]{32})\.(jpg|png)$/;

/** The thumbnail of a photo uploaded to Pitlane (POST /api/uploads writes both). */
export function thumbnailOf(url: string): string | undefined {
  const match = UPLOADED.exec(url);
  return match ? `${match[1]}-thumb.${match[2]}` : undefined;
}

export const toImageDto = (image: PartImage): PartImageDto => {
  const thumbnailUrl = thumbnailOf(image.url);
  return { url: image.url, altText: image.altText, isPrimary: image.isPrimary, ...(thumbnailUrl ? { thumbnailUrl } : {}) };
};

/** Numeric columns come back as strings; always answer with exactly two decimals ("12.5" -> "12.50"). */
export const decimalString = (value: string | number): string => {
  const parsed = parseMoney(value);
  return parsed.ok ? formatCents(parsed.cents) : String(value);
};

export const toFitmentDto = (f: PartFitment): FitmentDto => ({
  id: f.id,
  make: f.make,
  model: f.model,
  yearStart: f.yearStart ?? null,
  yearEnd: f.yearEnd ?? null,
  engine: f.engine ?? null,
  transmission: f.transmission ?? null,
  notes: f.notes ?? null,
});

export interface DtoContext {
  categoryNames: ReadonlyMap<string, string>;
  makeNames: ReadonlyMap<string, string>;
  sellerNames: ReadonlyMap<string, string>;
  fitments: ReadonlyMap<string, PartFitment[]>;
  /** The open auction holding each part that has one (PartHolds). */
  openAuctions?: ReadonlyMap<string, string>;
  /** Each part's other numbers (PartNumber rows). */
  numbers?: ReadonlyMap<string, PartNumberDto[]>;
}

export function toPartDto(part: Part, ctx: DtoContext): PartDto {
  return {
    id: part.id,
    title: part.title,
    description: part.description,
    price: decimalString(part.price),
    originalPrice: part.originalPrice == null ? null : decimalString(part.originalPrice),
    condition: part.condition,
    category: part.category,
    categoryName: ctx.categoryNames.get(part.category) ?? null,
    make: part.make,
    makeName: ctx.makeNames.get(part.make) ?? null,
    model: part.model ?? null,
    yearStart: part.yearStart ?? null,
    yearEnd: part.yearEnd ?? null,
    partNumber: part.partNumber ?? null,
    partNumbers: ctx.numbers?.get(part.id) ?? [],
    location: part.location,
    images: (part.images ?? []).map(toImageDto),
    sellerId: part.sellerId,
    sellerName: ctx.sellerNames.get(part.sellerId) ?? null,
    isVerified: part.isVerified,
    isFeatured: part.isFeatured,
    isActive: part.isActive,
    isApproved: part.isApproved,
    approvedBy: part.approvedBy ?? null,
    approvedAt: part.approvedAt ? part.approvedAt.toISOString() : null,
    rejectionReason: part.rejectionReason ?? null,
    createdAt: part.createdAt.toISOString(),
    updatedAt: part.updatedAt.toISOString(),
    isSold: part.soldAt != null,
    soldAt: part.soldAt ? part.soldAt.toISOString() : null,
    activeAuctionId: ctx.openAuctions?.get(part.id) ?? null,
    vehicleCompatibility: (ctx.fitments.get(part.id) ?? []).map(toFitmentDto),
  };
}
