export { sellersModule } from './sellers.module.js';
export { SellersApi } from './sellers.api.js';
export type { SellerQuoteProfile, SellerSummary } from './sellers.api.js';
export { StorefrontNames, type SellerStorefrontName } from './storefront-names.js';
export type { SellerAnalyticsRow } from './seller.dto.js';
export { SELLER_EVENTS } from './sellers.events.js';
export { ReviewPurchases, type PurchaseFacts, type SellerOrderFigures } from './review.purchases.js';
export { SellerOrderSales, type SellerSalesFigures } from './seller.order-sales.js';
