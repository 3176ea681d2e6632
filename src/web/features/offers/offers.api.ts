import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listQueryFn } from '../../lib/api';
import type { OfferDto, OfferPricesDto, OfferStatus, SecondChanceDto, UnpaidWinDto } from '../../../modules/offers/offer.dto';
import type { DeclineInput, OfferInput, OfferPricesInput, SecondChanceInput } from '../../../modules/offers/offers.inputs';

export const OFFERS_PATH = '/api/offers';
/** Rows per page of the offers lists. */
export const OFFERS_PAGE_SIZE = 20;

const isOffersQuery = (query: { queryKey: readonly unknown[] }) => {
  const path = query.queryKey[0];
  return typeof path === 'string' && (path.startsWith(OFFERS_PATH) || path.includes('/second-chance') || path.includes('/offer-prices'));
};

/** Refreshes every offers query after a change. */
function useRefreshOffers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: isOffersQuery });
}

/** A page of the signed-in user's offers as buyer, or with `as: 'seller'` as seller (GET /api/offers). */
export function useOffers(params: { as?: 'seller'; status?: OfferStatus; partId?: string; page?: number; limit?: number }, enabled = true) {
  const limit = params.limit ?? OFFERS_PAGE_SIZE;
  const query = {
    ...(params.as ? { as: params.as } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.partId ? { partId: params.partId } : {}),
    limit,
    offset: ((params.page ?? 1) - 1) * limit,
  };
  return useQuery({ queryKey: [OFFERS_PATH, query], queryFn: listQueryFn<OfferDto>(), placeholderData: keepPreviousData, enabled });
}

/** One offer (GET /api/offers/{id}); its two sides and admins only. */
export function useOffer(id: string) {
  return useQuery<OfferDto>({ queryKey: [`${OFFERS_PATH}/${encodeURIComponent(id)}`], enabled: id !== '' });
}

/** Make an Offer on a part (POST /api/parts/{id}/offers). */
export function useMakeOffer(partId: string) {
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (body: OfferInput) => apiRequest<OfferDto>(`/api/parts/${encodeURIComponent(partId)}/offers`, { method: 'POST', data: body }),
    onSuccess: () => void refresh(),
  });
}

export type OfferAnswer = { action: 'accept' } | ({ action: 'decline' } & DeclineInput) | ({ action: 'counter' } & OfferInput);

/** Accept, decline or counter an offer (POST /api/offers/{id}/accept|decline|counter). */
export function useAnswerOffer(id: string) {
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (answer: OfferAnswer) => {
      const { action, ...body } = answer;
      return apiRequest<OfferDto>(`${OFFERS_PATH}/${encodeURIComponent(id)}/${action}`, { method: 'POST', data: body });
    },
    onSuccess: () => void refresh(),
  });
}

/** The seller's auto-accept and auto-decline prices of a part (GET /api/parts/{id}/offer-prices). */
export function useOfferPrices(partId: string, enabled: boolean) {
  return useQuery<OfferPricesDto>({ queryKey: [`/api/parts/${encodeURIComponent(partId)}/offer-prices`], enabled });
}

/** Saves the part's automatic answers (PUT /api/parts/{id}/offer-prices); blank clears a price. */
export function useSaveOfferPrices(partId: string) {
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (body: OfferPricesInput) =>
      apiRequest<OfferPricesDto>(`/api/parts/${encodeURIComponent(partId)}/offer-prices`, { method: 'PUT', data: body }),
    onSuccess: () => void refresh(),
  });
}

/** The seller's auctions whose winner did not pay (GET /api/offers/second-chances). */
export function useUnpaidWins(enabled = true) {
  return useQuery<UnpaidWinDto[]>({ queryKey: [`${OFFERS_PATH}/second-chances`], enabled });
}

/** One auction's Second Chance candidates (GET /api/auctions/{id}/second-chance). */
export function useSecondChance(auctionId: string) {
  return useQuery<SecondChanceDto>({ queryKey: [`/api/auctions/${encodeURIComponent(auctionId)}/second-chance`], enabled: auctionId !== '', retry: false });
}

/** Sends a Second Chance offer to one bidder (POST /api/auctions/{id}/second-chance). */
export function useSendSecondChance(auctionId: string) {
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (body: SecondChanceInput) =>
      apiRequest<OfferDto>(`/api/auctions/${encodeURIComponent(auctionId)}/second-chance`, { method: 'POST', data: body }),
    onSuccess: () => void refresh(),
  });
}
