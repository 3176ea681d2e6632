import type { PitlaneModule } from './platform/module.js';
import { platformModule } from './platform/platform.module.js';
import { accountsModule } from './modules/accounts/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { auctionsModule } from './modules/auctions/index.js';
import { sellersModule } from './modules/sellers/index.js';
import { supportModule } from './modules/support/index.js';
import { reverseModule } from './modules/reverse/index.js';
import { messagingModule } from './modules/messaging/index.js';
import { garageModule } from './modules/garage/index.js';
import { analyticsModule } from './modules/analytics/index.js';
import { offersModule } from './modules/offers/index.js';
import { featuredModule } from './modules/featured/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { returnsModule } from './modules/returns/index.js';
import { notificationsModule } from './modules/notifications/index.js';

/** Every bounded module of the process, in load order. */
export const modules: PitlaneModule[] = [platformModule, accountsModule, catalogModule, auctionsModule, sellersModule, supportModule, reverseModule, messagingModule, analyticsModule, garageModule, featuredModule, paymentsModule, offersModule, returnsModule, notificationsModule];
