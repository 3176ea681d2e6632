import { z } from 'zod';

/** Events the catalog module publishes. */
export const CATALOG_EVENTS = {
  /** A seller listed a part (payload: partId, sellerId, isApproved). */
  partCreated: 'catalog.part.created',
  /** A seller changed a listing (payload: partId, sellerId, isApproved). */
  partUpdated: 'catalog.part.updated',
  /** A listing became public, by an admin or at once (payload: partId, sellerId, approvedBy). */
  partApproved: 'catalog.part.approved',
  /** An admin rejected a listing (payload: partId, sellerId, rejectionReason, rejectedBy). */
  partRejected: 'catalog.part.rejected',
  /** A seller withdrew a listing (payload: partId, sellerId). */
  partRemoved: 'catalog.part.removed',
  /** An admin deleted a listing as spam; its row is gone (payload: partId, sellerId, deletedBy). */
  partDeleted: 'catalog.part.deleted',
  /** A seller marked a listing sold elsewhere; it left the market (payload: partId, sellerId). */
  partSold: 'catalog.part.sold',
  /** A part sold by an order is back on sale: that order was cancelled before shipping (payload: partId, sellerId, orderId). */
  partBackOnSale: 'catalog.part.back_on_sale',
} as const;

export const partChangedPayload = z.object({ partId: z.uuid(), sellerId: z.uuid(), isApproved: z.boolean() });
export const partApprovedPayload = z.object({ partId: z.uuid(), sellerId: z.uuid(), approvedBy: z.uuid().nullable() });
export const partRejectedPayload = z.object({
  partId: z.uuid(),
  sellerId: z.uuid(),
  rejectionReason: z.string(),
  rejectedBy: z.uuid(),
});
export const partRemovedPayload = z.object({ partId: z.uuid(), sellerId: z.uuid() });
export const partDeletedPayload = z.object({ partId: z.uuid(), sellerId: z.uuid(), deletedBy: z.uuid() });
export const partSoldPayload = partRemovedPayload;
export const partBackOnSalePayload = z.object({ partId: z.uuid(), sellerId: z.uuid(), orderId: z.uuid() });
