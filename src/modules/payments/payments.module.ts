import { ContainerModule } from 'inversify';
import { Router } from 'express';
import type { Config } from '../../platform/config.js';
import type { PitlaneModule } from '../../platform/module.js';
import { storedCents } from '../../platform/money.js';
import { TOKENS } from '../../platform/tokens.js';
import { FeaturedApi } from '../featured/index.js';
import { SellerOrderSales } from '../sellers/index.js';
import { PaymentsSellerSales } from './seller-sales.figures.js';
import { ConnectService } from './connect.service.js';
import { FeaturedRevenueSource, FinanceService } from './finance.service.js';
import { OrderNotificationService } from './order-notification.service.js';
import { OrderService } from './order.service.js';
import { OrderTimersService } from './order-timers.service.js';
import { OrdersApi } from './orders.api.js';
import { OrdersApiImpl } from './orders.api.impl.js';
import { PaymentProvider, StripeProvider, stripeClient, stripeConfigured, TestProvider } from './payment.provider.js';
import { PaymentIdempotencyStore } from './payment-idempotency.store.js';
import { PaymentService } from './payment.service.js';
import { paymentsAdminRoutes } from './payments.admin-routes.js';
import { paymentsDemo } from './payments.demo.js';
import { paymentsRoutes } from './payments.routes.js';
import { paymentsSubscriptions, paymentsTasks } from './payments.tasks.js';
import { paymentsWebhookRoutes } from './payments.webhook-routes.js';
import { RefundService } from './refund.service.js';

/**
 * Orders and payments (issue 22): orders from every way of buying, checkout with Stripe Connect destination
 * charges (or the built-in test provider without keys), escrow from $5,000, tiered commission frozen per order,
 * refunds, webhooks applied once, and an append-only ledger. Tables are read and written with plain SQL.
 */
export const paymentsModule: PitlaneModule = {
  name: 'payments',
  containerModule: new ContainerModule(({ bind }) => {
    bind(PaymentProvider)
      .toDynamicValue((ctx) => {
        const config = ctx.get<Config>(TOKENS.Config);
        return stripeConfigured(config) ? new StripeProvider(stripeClient(config)) : new TestProvider(config.publicUrl);
      })
      .inSingletonScope();
    bind(OrderNotificationService).toSelf();
    bind(ConnectService).toSelf();
    bind(PaymentService).toSelf();
    bind(PaymentIdempotencyStore).toSelf();
    bind(RefundService).toSelf();
    bind(OrderService).toSelf();
    bind(OrderTimersService).toSelf();
    bind(FinanceService).toSelf();
    bind(OrdersApi).to(OrdersApiImpl);
    bind(SellerOrderSales).to(PaymentsSellerSales);
    bind(FeaturedRevenueSource).toDynamicValue((ctx) => {
      const featured = ctx.get<FeaturedApi>(FeaturedApi, { optional: true });
      return {
        byMonth: async (from: Date, to: Date) => {
          if (!featured) return new Map<string, number>();
          const months = await featured.revenueByMonth(from, to);
          return new Map(months.map((m) => [m.month, storedCents(m.total)]));
        },
      };
    });
  }),
  entities: [],
  routes: (container) => Router().use(paymentsRoutes(container)),
  adminRoutes: paymentsAdminRoutes,
  webhooks: paymentsWebhookRoutes,
  tasks: paymentsTasks,
  subscriptions: paymentsSubscriptions,
  demo: paymentsDemo,
};
