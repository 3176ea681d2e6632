import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../modules/accounts/account.dto';
import type {
  QuoteResultDto,
  ReverseAuctionDto,
  ReverseBidDto,
  ReverseStatsDto,
  ReverseWatchDto,
} from '../../../modules/reverse/reverse.dto';
import type { AwardInput, QuoteInput, ReverseCreateInput } from '../../../modules/reverse/reverse.inputs';
import { apiRequest, buildQueryUrl, fetchListPage, throwIfResNotOk } from '../../lib/api';
import { readFrame } from '../../lib/liveSocket';
import { useLiveSocket } from '../../lib/useLiveSocket';

export const REVERSE_PATH = '/api/reverse-auctions';
export const reverseKey = (id: string) => [`${REVERSE_PATH}/${id}`] as const;
export const reverseBidsKey = (id: string) => [`${REVERSE_PATH}/${id}/bids`] as const;
export const REVERSE_STATS_KEY = [`${REVERSE_PATH}/stats`] as const;

export type ReverseSort = 'endTime' | 'maxBudget' | 'totalBids' | 'priority';

export interface ReverseListParams {
  status?: string;
  category?: string;
  q?: string;
  urgency?: string;
  endingWithinHours?: number;
  sort: ReverseSort;
  limit: number;
}

/** GET /api/reverse-auctions: the array body and the count from X-Total-Count. */
export function useReverseAuctions(params: ReverseListParams) {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== 'all'));
  return useQuery({
    queryKey: [REVERSE_PATH, clean],
    queryFn: ({ signal }) => fetchListPage<ReverseAuctionDto>(buildQueryUrl([REVERSE_PATH, clean]), signal),
  });
}

/** GET /api/reverse-auctions/stats: the four tiles. */
export function useReverseStats() {
  return useQuery<ReverseStatsDto>({ queryKey: REVERSE_STATS_KEY, queryFn: ({ signal }) => apiRequest(REVERSE_STATS_KEY[0], { signal }) });
}

/** GET /api/reverse-auctions/{id}; an unknown id resolves to null (the not-found page). */
export function useReverseAuction(id: string) {
  return useQuery<ReverseAuctionDto | null>({
    queryKey: reverseKey(id),
    queryFn: async ({ signal }) => {
      const res = await fetch(`${REVERSE_PATH}/${encodeURIComponent(id)}`, { credentials: 'include', signal });
      if (res.status === 404 || res.status === 400) return null;
      await throwIfResNotOk(res);
      return (await res.json()) as ReverseAuctionDto;
    },
  });
}

/** GET /api/reverse-auctions/{id}/bids, lowest first. */
export function useReverseBids(id: string) {
  return useQuery({
    queryKey: reverseBidsKey(id),
    queryFn: ({ signal }) => fetchListPage<ReverseBidDto>(`${REVERSE_PATH}/${encodeURIComponent(id)}/bids?limit=100`, signal),
  });
}

/** GET /api/users/{id}: the buyer's public profile. */
export function useBuyer(id: string | undefined) {
  return useQuery<UserDto>({
    queryKey: [`/api/users/${id}`],
    enabled: !!id,
    queryFn: ({ signal }) => apiRequest(`/api/users/${encodeURIComponent(id!)}`, { signal }),
  });
}

export function useCreateReverseAuction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReverseCreateInput) => apiRequest<ReverseAuctionDto>(REVERSE_PATH, { method: 'POST', data: payload }),
    onSuccess: () => client.invalidateQueries({ queryKey: [REVERSE_PATH] }),
  });
}

/** Refreshes one request's answers (after a write or a live event). */
function useRefresh(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: reverseKey(id) });
    void client.invalidateQueries({ queryKey: reverseBidsKey(id) });
    void client.invalidateQueries({ queryKey: REVERSE_STATS_KEY });
  };
}

export function useSubmitQuote(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (payload: QuoteInput) => apiRequest<QuoteResultDto>(`${REVERSE_PATH}/${encodeURIComponent(id)}/bids`, { method: 'POST', data: payload }),
    onSuccess: refresh,
  });
}

export function useWatchRequest(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: () => apiRequest<ReverseWatchDto>(`${REVERSE_PATH}/${encodeURIComponent(id)}/watch`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useAwardQuote(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (bidId: string) => apiRequest<ReverseAuctionDto>(`${REVERSE_PATH}/${encodeURIComponent(id)}/award`, { method: 'POST', data: { bidId } satisfies AwardInput }),
    onSuccess: refresh,
  });
}

/** Live updates: subscribes to the request's activity over /api/ws and refreshes on each event; reconnects after 3 s. */
export function useReverseLive(id: string) {
  const refresh = useRefresh(id);
  useLiveSocket(id, {
    onOpen: (send) => send({ type: 'subscribe_reverse_auction', reverseAuctionId: id }),
    onMessage: (data) => {
      if (readFrame(data)?.type === 'activity_event') refresh();
    },
  });
}
