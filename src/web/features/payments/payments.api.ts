import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listQueryFn } from '../../lib/api';
import type { CheckoutDto, CreateOrderResultDto, OrderDto } from '../../../modules/payments/order.dto';
import type { BuyNowInput, CheckoutInput, ShipInput } from '../../../modules/payments/payments.inputs';
import { lastShippingAddress } from './checkout';

export const ORDERS_PATH = '/api/orders';
/** Rows per page of the orders lists. */
export const ORDERS_PAGE_SIZE = 20;

export const orderKey = (id: string) => [`${ORDERS_PATH}/${encodeURIComponent(id)}`] as const;

const isOrdersQuery = (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(ORDERS_PATH);

/** One order (GET /api/orders/{id}); its buyer, seller or an admin only. */
export function useOrder(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery<OrderDto>({ queryKey: orderKey(id), enabled: id !== '', refetchInterval: options.refetchInterval ?? false });
}

/** A page of the signed-in user's purchases, or with `as: 'seller'` their sales (GET /api/orders). */
export function useOrders(params: { as?: 'seller'; page: number; state?: string }) {
  const query = {
    ...(params.as ? { as: params.as } : {}),
    ...(params.state ? { state: params.state } : {}),
    page: params.page,
    limit: ORDERS_PAGE_SIZE,
  };
  return useQuery({ queryKey: [ORDERS_PATH, query], queryFn: listQueryFn<OrderDto>(), placeholderData: keepPreviousData });
}

/** The buyer's newest purchases (GET /api/orders?limit=50): the part page's open-order check and checkout's prefill share them. */
export const RECENT_ORDERS = { limit: 50 } as const;

/** The shipping address of the buyer's last order, to prefill checkout; off when `enabled` is false. */
export function useLastShippingAddress(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [ORDERS_PATH, RECENT_ORDERS],
    queryFn: listQueryFn<OrderDto>(),
    enabled,
    select: (page) => lastShippingAddress(page.items, orderId),
  });
}

/** Refreshes every orders query after a change. */
function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: isOrdersQuery });
}

/** Buy Now (POST /api/orders {partId}): a `pending_payment` order that reserves the part. */
export function useBuyNow() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (partId: string) => apiRequest<CreateOrderResultDto>(ORDERS_PATH, { method: 'POST', data: { partId } satisfies BuyNowInput }),
    onSuccess: () => void refresh(),
  });
}

/** Starts payment: the shipping address, the Final Sale acknowledgement and the escrow choice (POST /api/orders/{id}/checkout). */
export function useStartCheckout(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiRequest<CheckoutDto>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}/checkout`, { method: 'POST', data: input }),
    onSuccess: () => void refresh(),
  });
}

/** Test mode's Pay: completes the payment as a card would (POST /api/payments/test/confirm). */
export function useTestConfirm(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/api/payments/test/confirm', { method: 'POST', data: { orderId } }),
    onSuccess: () => void refresh(),
  });
}

export type OrderAction = 'confirm-delivery' | 'cancel';

/** The buyer's Confirm delivery or Cancel (POST /api/orders/{id}/{action}). */
export function useOrderAction(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      apiRequest<OrderDto>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}/${action}`, { method: 'POST', data: {} }),
    onSuccess: () => void refresh(),
  });
}

/** The seller's Mark Shipped (POST /api/orders/{id}/ship {carrier, trackingNumber}). */
export function useShipOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ orderId, ...body }: ShipInput & { orderId: string }) =>
      apiRequest<OrderDto>(`${ORDERS_PATH}/${encodeURIComponent(orderId)}/ship`, { method: 'POST', data: body satisfies ShipInput }),
    onSuccess: () => void refresh(),
  });
}
