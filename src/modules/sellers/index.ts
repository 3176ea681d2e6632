export { sellersModule } from './sellers.module.js';
export { SellersApi } from './sellers.api.js';
export type { SellerSummary } from './sellers.api.js';
export { SELLER_EVENTS } from './sellers.events.js';
