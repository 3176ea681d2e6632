import { useQuery, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '../dataProvider';
import type { SellerCounts } from './sellerReview';

export const SELLER_COUNTS_KEY = ['admin', 'seller-counts'] as const;

/** GET /api/admin/seller-counts: the three tab counts. */
export function useSellerCounts() {
  return useQuery({
    queryKey: SELLER_COUNTS_KEY,
    queryFn: async () => (await httpClient('/api/admin/seller-counts')).json as SellerCounts,
  });
}

/** Refreshes the counts after a decision. */
export function useInvalidateSellerCounts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SELLER_COUNTS_KEY });
}

const patchJson = (url: string, body: unknown) =>
  httpClient(url, { method: 'PATCH', body: JSON.stringify(body), headers: new Headers({ 'Content-Type': 'application/json' }) });

/** PATCH /api/sellers/{id}: approve, or reject with a reason. */
export const decideSeller = (id: string, body: { status: 'approved' } | { status: 'rejected'; rejectionReason: string }) =>
  patchJson(`/api/sellers/${encodeURIComponent(id)}`, body);

/** PATCH /api/sellers/{id}/listing-approval. */
export const setListingApproval = (id: string, requiresListingApproval: boolean) =>
  patchJson(`/api/sellers/${encodeURIComponent(id)}/listing-approval`, { requiresListingApproval });
