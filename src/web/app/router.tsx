import type { ComponentType } from 'react';
import { createBrowserRouter, type NonIndexRouteObject } from 'react-router';
import type { Role } from '../../platform/roles';
import { PageLoading } from '../components/PageLoading';
import { HomePage } from '../pages/HomePage';
import { WEB_ROUTES, type WebRouteName } from '../routes';
import { FirstVisitAnchor } from './FirstVisitAnchor';
import { keyFreshHistoryEntry } from './historyKey';
import { Layout } from './Layout';

type PageRoute = Pick<NonIndexRouteObject, 'Component' | 'lazy'>;

/** A page whose code loads when it is first opened. */
function page(load: () => Promise<ComponentType>): PageRoute {
  return {
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <>
            <Page />
            <FirstVisitAnchor />
          </>
        ),
      };
    },
  };
}

/** A page for signed-in users only (holding `role` when given), loaded (with the guard) when first opened. */
function guarded(load: () => Promise<ComponentType>, role?: Role): PageRoute {
  return {
    lazy: async () => {
      const [{ AccessGuard }, Page] = await Promise.all([import('../components/AccessGuard'), load()]);
      return {
        Component: () => (
          <>
            <AccessGuard role={role}>
              <Page />
            </AccessGuard>
            <FirstVisitAnchor />
          </>
        ),
      };
    },
  };
}

/**
 * The screen of every route in WEB_ROUTES (the server answers 404 for any other path). Only the home page is in
 * the first download; every other page is its own chunk (load-tests/bundle/weigh.ts reads the imports below).
 */
const PAGES: Record<WebRouteName, PageRoute> = {
  home: {
    Component: () => (
      <>
        <HomePage />
        <FirstVisitAnchor />
      </>
    ),
  },
  login: page(async () => (await import('../features/accounts/LoginPage')).LoginPage),
  registerBuyer: page(async () => (await import('../features/accounts/RegisterBuyerPage')).RegisterBuyerPage),
  verifyEmail: page(async () => (await import('../features/accounts/VerifyEmailPage')).VerifyEmailPage),
  // The signed-in user's settings (issue 19: message mail).
  accountSettings: page(async () => (await import('../features/accounts/AccountSettingsPage')).AccountSettingsPage),
  sell: page(async () => (await import('../features/catalog/SellPage')).SellPage),
  // Catalog, buyer side (issue 3).
  search: page(async () => (await import('../features/catalog/SearchPage')).SearchPage),
  part: page(async () => (await import('../features/catalog/PartDetailPage')).PartDetailPage),
  // Messaging (issue 19).
  messages: page(async () => (await import('../features/messaging/MessagesPage')).MessagesPage),
  watchlist: page(async () => (await import('../features/catalog/WatchlistPage')).WatchlistPage),
  // Static pages; the footer's support pages (issue 17).
  faq: page(async () => (await import('../pages/FaqPage')).FaqPage),
  payments: page(async () => (await import('../pages/PaymentsPage')).PaymentsPage),
  privacyPolicy: page(async () => (await import('../pages/PrivacyPolicyPage')).PrivacyPolicyPage),
  termsOfService: page(async () => (await import('../pages/TermsOfServicePage')).TermsOfServicePage),
  cookiePolicy: page(async () => (await import('../pages/CookiePolicyPage')).CookiePolicyPage),
  sitemap: page(async () => (await import('../pages/SitemapPage')).SitemapPage),
  buyerProtection: page(async () => (await import('../pages/BuyerProtectionPage')).BuyerProtectionPage),
  sellerGuidelines: page(async () => (await import('../pages/SellerGuidelinesPage')).SellerGuidelinesPage),
  contact: page(async () => (await import('../pages/ContactPage')).ContactPage),
  // Sellers (issue 4); a seller's own listings and auctions (issue 17).
  sellerDashboard: guarded(async () => (await import('../features/sellers/SellerDashboardPage')).SellerDashboard, 'seller'),
  myListings: guarded(async () => (await import('../features/sellers/MyListingsPage')).MyListingsPage, 'seller'),
  editListing: page(async () => (await import('../features/catalog/SellPage')).EditListingPage),
  myAuctions: guarded(async () => (await import('../features/sellers/MyAuctionsPage')).MyAuctionsPage, 'seller'),
  registerSeller: page(async () => (await import('../features/sellers/RegisterSellerPage')).RegisterSellerPage),
  sellerRegistration: page(async () => (await import('../features/sellers/RegisterSellerPage')).RegisterSellerPage),
  storefront: page(async () => (await import('../features/sellers/StorefrontPage')).StorefrontPage),
  storefrontWithoutSlug: page(async () => (await import('../features/sellers/StorefrontPage')).StorefrontPage),
  // Auctions (issue 5).
  auctions: page(async () => (await import('../features/auctions/AuctionsPage')).AuctionsPage),
  auction: page(async () => (await import('../features/auctions/AuctionDetailPage')).AuctionDetailPage),
  scheduleAuction: page(async () => (await import('../features/auctions/ScheduleAuctionPage')).ScheduleAuctionRoute),
  // My Garage (issue 20).
  garage: page(async () => (await import('../features/garage/GaragePage')).GaragePage),
  // Every notification, a page at a time (the bell's "View all", issue 34).
  notifications: guarded(async () => (await import('../features/notifications/NotificationsPage')).NotificationsPage),
  // Reverse auctions (issue 18).
  reverseAuctions: page(async () => (await import('../features/reverse/ReverseAuctionsPage')).ReverseAuctionsPage),
  reverseAuction: page(async () => (await import('../features/reverse/ReverseAuctionDetailPage')).ReverseAuctionDetailPage),
  // Orders and payments (issue 22): checkout, the buyer's orders, the seller's sales and payouts.
  checkout: guarded(async () => (await import('../features/payments/CheckoutPage')).CheckoutPage),
  orders: guarded(async () => (await import('../features/payments/OrdersPage')).OrdersPage),
  order: guarded(async () => (await import('../features/payments/OrderDetailPage')).OrderDetailPage),
  returns: guarded(async () => (await import('../features/returns/ReturnsListPage')).ReturnsListPage),
  return: guarded(async () => (await import('../features/returns/ReturnDetailPage')).ReturnDetailPage),
  sellerReturns: guarded(async () => (await import('../features/returns/ReturnsListPage')).SellerReturnsPage, 'seller'),
  sales: guarded(async () => (await import('../features/sellers/SalesPage')).SalesPage, 'seller'),
  payouts: guarded(async () => (await import('../features/sellers/PayoutsPage')).PayoutsPage, 'seller'),
  // Offers (issue 23): the buyer's offers, one negotiation, the seller's Second Chance offers.
  myOffers: guarded(async () => (await import('../features/offers/MyOffersPage')).MyOffersPage),
  offer: guarded(async () => (await import('../features/offers/OfferPage')).OfferPage),
  secondChance: guarded(async () => (await import('../features/offers/SecondChancePage')).SecondChancePage),
};

keyFreshHistoryEntry();

export const router = createBrowserRouter([
  {
    Component: Layout,
    children: [
      // HydrateFallback: what a first visit shows (inside the layout) while its page's code loads.
      ...Object.entries(PAGES).map(([name, route]) => ({ ...route, path: WEB_ROUTES[name as WebRouteName], HydrateFallback: PageLoading })),
      { path: '*', HydrateFallback: PageLoading, ...page(async () => (await import('../pages/NotFoundPage')).NotFoundPage) },
    ],
  },
]);
