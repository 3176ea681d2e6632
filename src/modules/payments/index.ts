export { paymentsModule } from './payments.module.js';
export { OrdersApi } from './orders.api.js';
export type { CreateOrderInput, OrderFacts } from './orders.api.js';
export { PAYMENTS_EVENTS, type OrderEventPayload } from './payments.events.js';
export type {
  OrderSource,
  OrderState,
  OrderDto,
  CheckoutDto,
  ConnectStatusDto,
  ConnectOnboardingDto,
  EarningsDto,
  FinanceMonthDto,
  RefundDto,
  RefundResultDto,
  CreateOrderResultDto,
} from './order.dto.js';
