import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listQueryFn, throwIfResNotOk } from '../../lib/api';
import type { UploadDto } from '../../../modules/catalog/part.dto';
import type { ReturnDto } from '../../../modules/returns/return.dto';
import type { OwnReviewDto, ReviewDto } from '../../../modules/sellers/reputation.dto';
import type {
  ReturnApproveInput,
  ReturnCreateInput,
  ReturnDeclineInput,
  ReturnEscalateInput,
  ReturnRefundInput,
  ReturnShipInput,
} from '../../../modules/returns/returns.inputs';
import type { ReviewCreateInput } from '../../../modules/sellers/reputation.inputs';

export const RETURNS_PATH = '/api/returns';
export const RETURNS_PAGE_SIZE = 20;

export const returnKey = (id: string) => [`${RETURNS_PATH}/${encodeURIComponent(id)}`] as const;

const isReturnsQuery = (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && (query.queryKey[0].startsWith(RETURNS_PATH) || query.queryKey[0].startsWith('/api/orders'));

/** One return (GET /api/returns/{id}); its buyer, its seller or an admin. */
export function useReturn(id: string) {
  return useQuery<ReturnDto>({ queryKey: returnKey(id), enabled: id !== '' });
}

/** A page of the signed-in user's returns as buyer, or with `as: 'seller'` as seller (GET /api/returns). */
export function useReturns(params: { as?: 'seller'; page: number; state?: string; orderId?: string }) {
  const query = {
    ...(params.as ? { as: params.as } : {}),
    ...(params.state ? { state: params.state } : {}),
    ...(params.orderId ? { orderId: params.orderId } : {}),
    limit: RETURNS_PAGE_SIZE,
    offset: (params.page - 1) * RETURNS_PAGE_SIZE,
  };
  return useQuery({ queryKey: [RETURNS_PATH, query], queryFn: listQueryFn<ReturnDto>(), placeholderData: keepPreviousData });
}

/** The buyer's return request (POST /api/orders/{id}/returns). */
export function useRequestReturn(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnCreateInput) =>
      apiRequest<ReturnDto>(`/api/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', data: input }),
    onSuccess: () => void client.invalidateQueries({ predicate: isReturnsQuery }),
  });
}

/** A step of a return and its body. */
export type ReturnActionInput =
  | ({ action: 'approve' } & ReturnApproveInput)
  | ({ action: 'decline' } & ReturnDeclineInput)
  | ({ action: 'ship' } & ReturnShipInput)
  | { action: 'receive' }
  | ({ action: 'refund' } & ReturnRefundInput)
  | ({ action: 'escalate' } & ReturnEscalateInput)
  | { action: 'relist' };

/** A step of a return (POST /api/returns/{id}/approve|decline|ship|receive|refund|escalate), or the seller's relist of the part. */
export function useReturnAction(returnId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...data }: ReturnActionInput) =>
      apiRequest<ReturnDto>(`${RETURNS_PATH}/${encodeURIComponent(returnId)}/${action}`, { method: 'POST', data }),
    onSuccess: (dto, input) => {
      client.setQueryData(returnKey(returnId), dto);
      void client.invalidateQueries({ predicate: isReturnsQuery });
      // The part is on sale again: its page, the seller's listings and search show it.
      if (input.action === 'relist') void client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/parts') });
    },
  });
}

/** Uploads one return photo (JPEG or PNG up to 5 MB, multipart field "file"). */
export async function uploadReturnPhoto(file: File): Promise<UploadDto> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(`${RETURNS_PATH}/photos`, { method: 'POST', credentials: 'include', body });
  await throwIfResNotOk(res);
  return (await res.json()) as UploadDto;
}

const isReviewsQuery = (query: { queryKey: readonly unknown[] }) => typeof query.queryKey[0] === 'string' && /^\/api\/sellers\/.*\/(reviews|reputation)/.test(query.queryKey[0]);

/** The signed-in buyer's review of one of their orders, if they wrote one (GET /api/sellers/{id}/reviews?orderId=). */
export function useOrderReview(sellerId: string, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [`/api/sellers/${encodeURIComponent(sellerId)}/reviews`, { orderId, limit: 1 }],
    queryFn: listQueryFn<OwnReviewDto>(),
    enabled,
    select: (page) => page.items[0] ?? null,
  });
}

/** The buyer's review of the seller of a delivered order (POST /api/sellers/{id}/reviews). */
export function useCreateReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewCreateInput) => apiRequest<OwnReviewDto>(`/api/sellers/${encodeURIComponent(sellerId)}/reviews`, { method: 'POST', data: input }),
    onSuccess: () => void client.invalidateQueries({ predicate: isReviewsQuery }),
  });
}

/** "Helpful" on someone else's review (POST /api/reviews/{id}/helpful). */
export function useMarkHelpful() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => apiRequest<{ id: string; helpfulCount: number }>(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, { method: 'POST', data: {} }),
    onSuccess: () => void client.invalidateQueries({ predicate: isReviewsQuery }),
  });
}

/** Reports a review to the admins (POST /api/reviews/{id}/report). */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      apiRequest<{ id: string; reported: true }>(`/api/reviews/${encodeURIComponent(reviewId)}/report`, { method: 'POST', data: { reason } }),
  });
}

/** The seller's one answer to a review (POST /api/sellers/{id}/reviews/{reviewId}/response). */
export function useRespondToReview(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, sellerResponse }: { reviewId: string; sellerResponse: string }) =>
      apiRequest<ReviewDto>(`/api/sellers/${encodeURIComponent(sellerId)}/reviews/${encodeURIComponent(reviewId)}/response`, {
        method: 'POST',
        data: { sellerResponse },
      }),
    onSuccess: () => void client.invalidateQueries({ predicate: isReviewsQuery }),
  });
}
