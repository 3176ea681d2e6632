import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listQueryFn } from '../../lib/api';
import type { PartDto } from '../../../modules/catalog/part.dto';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import {
  AUCTIONS_PAGE_SIZE,
  listingsQuery,
  type AuctionFilter,
  type ListingAction,
  type ListingsSearch,
} from './myListings';

export const MY_PARTS_PATH = '/api/parts/mine';

const startsWith = (prefix: string) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix);

/** The signed-in seller's listings in every state (GET /api/parts/mine), one page; the last page stays shown while the next loads. */
export function useMyListings(search: ListingsSearch) {
  return useQuery({
    queryKey: [MY_PARTS_PATH, listingsQuery(search)],
    queryFn: listQueryFn<PartDto>(),
    placeholderData: keepPreviousData,
  });
}

/** Withdraws, relists or marks a listing sold (POST /api/parts/{id}/{action}); every parts query is refreshed. */
export function useListingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Exclude<ListingAction, 'edit'> }) =>
      apiRequest<PartDto>(`/api/parts/${encodeURIComponent(id)}/${action}`, { method: 'POST', data: {} }),
    onSuccess: async () => {
      await client.invalidateQueries({ predicate: startsWith('/api/parts') });
    },
  });
}

/** The seller's auctions, newest first, one page (GET /api/auctions?sellerId=...). */
export function useMyAuctions(userId: string | undefined, status: AuctionFilter, page: number) {
  return useQuery({
    queryKey: [
      '/api/auctions',
      {
        sellerId: userId,
        ...(status !== 'all' ? { status } : {}),
        sort: 'createdAt',
        order: 'desc',
        limit: AUCTIONS_PAGE_SIZE,
        offset: (page - 1) * AUCTIONS_PAGE_SIZE,
      },
    ],
    queryFn: listQueryFn<AuctionDto>(),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}

/** Cancels the seller's scheduled auction (POST /api/auctions/{id}/cancel); the auction queries are refreshed. */
export function useCancelAuction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AuctionDto>(`/api/auctions/${encodeURIComponent(id)}/cancel`, { method: 'POST', data: {} }),
    onSuccess: async () => {
      await client.invalidateQueries({ predicate: startsWith('/api/auctions') });
    },
  });
}
