import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { UnpaidStrikes } from '../../platform/unpaid-strikes.js';
import { OfferMailService } from './offer-mail.service.js';
import { OfferPartPrice } from './offer-part-price.entity.js';
import { OfferStep } from './offer-step.entity.js';
import { Offer } from './offer.entity.js';
import { UnpaidAuctionOrder } from './unpaid-auction-order.entity.js';
import { OfferStrikes, OfferWindowService } from './offer-window.service.js';
import { OfferOrders } from './offer.orders.js';
import { offersAdminRoutes } from './offers.admin-routes.js';
import { offerRoutes } from './offer.routes.js';
import { OfferPricesService } from './offer-prices.service.js';
import { OfferService } from './offer.service.js';
import { OfferViewService } from './offer-view.service.js';
import { offersDemo } from './offers.demo.js';
import { offersCrontab, offersStartupTasks, offersSubscriptions, offersTasks } from './offers.tasks.js';

/**
 * The offers module (issue 23): Make an Offer with counter-offers, per-part auto-accept and auto-decline prices,
 * the reserve-not-met window and Second Chance offers, and the non-paying winner's strikes. Orders come from
 * the payments module's OrdersApi.
 */
export const offersModule: PitlaneModule = {
  name: 'offers',
  containerModule: new ContainerModule(({ bind }) => {
    bind(OfferOrders).toSelf();
    bind(OfferViewService).toSelf();
    bind(OfferPricesService).toSelf();
    bind(OfferService).toSelf();
    bind(OfferWindowService).toSelf();
    bind(OfferMailService).toSelf();
    bind(UnpaidStrikes).to(OfferStrikes);
  }),
  entities: [Offer, OfferStep, OfferPartPrice, UnpaidAuctionOrder],
  routes: offerRoutes,
  adminRoutes: offersAdminRoutes,
  tasks: offersTasks,
  subscriptions: offersSubscriptions,
  crontab: offersCrontab,
  startupTasks: offersStartupTasks,
  demo: offersDemo,
};
