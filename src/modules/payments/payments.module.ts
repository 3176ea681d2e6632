import { ContainerModule } from 'inversify';
import { Router } from 'express';
import type { Config } from '../../platform/config.js';
import type { PitlaneModule } from '../../platform/module.js';
import { storedCents } from '../../platform/money.js';
import { TOKENS } from '../../platform/tokens.js';
import { FeaturedApi } from '../featured/index.js';
import { SellerOrderSales } from '../sellers/index.js';
import { CommissionTierStore } from '../auctions/index.js';
import { CheckoutService } from './checkout.service.js';
import { ConnectAccount } from './connect-account.entity.js';
import { ConnectService } from './connect.service.js';
import { EscrowService } from './escrow.service.js';
import { FeaturedRevenueSource, FinanceService } from './finance.service.js';
import { LedgerEntry } from './ledger-entry.entity.js';
import { Order } from './order.entity.js';
import { OrderCreationService } from './order-creation.service.js';
import { OrderHistory } from './order-history.entity.js';
import { OrderNotificationService } from './order-notification.service.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStepsService } from './order-steps.service.js';
import { OrderTimersService } from './order-timers.service.js';
import { OrderViewsService } from './order-views.service.js';
import { OrdersApi } from './orders.api.js';
import { OrdersApiImpl } from './orders.api.impl.js';
import { PaymentEvent } from './payment-event.entity.js';
import { PaymentEventsService } from './payment-events.service.js';
import { PaymentIdempotencyKey } from './payment-idempotency-key.entity.js';
import { PaymentIdempotencyStore } from './payment-idempotency.repository.js';
import { PaymentProvider, StripeProvider, stripeClient, stripeConfigured, TestProvider } from './payment.provider.js';
import { PaymentSettings } from './payment-settings.entity.js';
import { PaymentsCommissionTiers } from './payment-settings.repository.js';
import { PaymentsSellerSales } from './seller-sales.repository.js';
import { paymentsAdminRoutes } from './payments.admin-routes.js';
import { paymentsDemo } from './payments.demo.js';
import { paymentsRoutes } from './payments.routes.js';
import { paymentsSubscriptions, paymentsTasks } from './payments.tasks.js';
import { paymentsWebhookRoutes } from './payments.webhook-routes.js';
import { RefundService } from './refund.service.js';

/**
 * Orders and payments (issue 22): orders from every way of buying, checkout with Stripe Connect destination
 * charges (or the built-in test provider without keys), escrow from $5,000, tiered commission frozen per order,
 * refunds, webhooks applied once, and an append-only ledger. Orders and their rows are entities; the webhook's
 * hot path, the row locks, the racing insert and the reports are SQL in *.repository.ts and *.sql.ts files.
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
    bind(OrderViewsService).toSelf();
    bind(OrderCreationService).toSelf();
    bind(CheckoutService).toSelf();
    bind(PaymentEventsService).toSelf();
    bind(EscrowService).toSelf();
    bind(PaymentIdempotencyStore).toSelf();
    bind(RefundService).toSelf();
    bind(OrderStepsService).toSelf();
    bind(OrderTimersService).toSelf();
    bind(FinanceService).toSelf();
    bind(OrdersApi).to(OrdersApiImpl);
    bind(SellerOrderSales).to(PaymentsSellerSales);
    bind(CommissionTierStore).to(PaymentsCommissionTiers);
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
  entities: [Order, OrderHistory, OrderPayment, LedgerEntry, PaymentEvent, PaymentIdempotencyKey, ConnectAccount, PaymentSettings],
  routes: (container) => Router().use(paymentsRoutes(container)),
  adminRoutes: paymentsAdminRoutes,
  webhooks: paymentsWebhookRoutes,
  tasks: paymentsTasks,
  subscriptions: paymentsSubscriptions,
  demo: paymentsDemo,
};
