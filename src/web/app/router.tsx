import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/accounts/LoginPage';
import { RegisterBuyerPage } from '../features/accounts/RegisterBuyerPage';
import { VerifyEmailPage } from '../features/accounts/VerifyEmailPage';
import { AccessGuard } from '../components/AccessGuard';
import { ComingSoonPage } from '../pages/ComingSoonPage';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Layout } from './Layout';

/** Screens that later features will fill in (spec 000 §2 routes). */
const COMING_SOON: Array<[path: string, title: string]> = [
];

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register-buyer', element: <RegisterBuyerPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      // The signed-in user's settings (issue 19: message mail).
      {
        path: '/account/settings',
        lazy: async () => ({ Component: (await import('../features/accounts/AccountSettingsPage')).AccountSettingsPage }),
      },
      { path: '/sell', lazy: async () => ({ Component: (await import('../features/catalog/SellPage')).SellPage }) },
      // Catalog, buyer side (issue 3).
      { path: '/search', lazy: async () => ({ Component: (await import('../features/catalog/SearchPage')).SearchPage }) },
      {
        path: '/parts/:id',
        lazy: async () => ({ Component: (await import('../features/catalog/PartDetailPage')).PartDetailPage }),
      },
      // Messaging (issue 19).
      { path: '/messages', lazy: async () => ({ Component: (await import('../features/messaging/MessagesPage')).MessagesPage }) },
      {
        path: '/watchlist',
        lazy: async () => ({ Component: (await import('../features/catalog/WatchlistPage')).WatchlistPage }),
      },
      // The long static pages load on demand.
      { path: '/faq', lazy: async () => ({ Component: (await import('../pages/FaqPage')).FaqPage }) },
      { path: '/payments', lazy: async () => ({ Component: (await import('../pages/PaymentsPage')).PaymentsPage }) },
      {
        path: '/privacy-policy',
        lazy: async () => ({ Component: (await import('../pages/PrivacyPolicyPage')).PrivacyPolicyPage }),
      },
      {
        path: '/terms-of-service',
        lazy: async () => ({ Component: (await import('../pages/TermsOfServicePage')).TermsOfServicePage }),
      },
      // The footer's support pages (issue 17).
      {
        path: '/buyer-protection',
        lazy: async () => ({ Component: (await import('../pages/BuyerProtectionPage')).BuyerProtectionPage }),
      },
      {
        path: '/seller-guidelines',
        lazy: async () => ({ Component: (await import('../pages/SellerGuidelinesPage')).SellerGuidelinesPage }),
      },
      { path: '/contact', lazy: async () => ({ Component: (await import('../pages/ContactPage')).ContactPage }) },
      // Sellers (issue 4).
      {
        path: '/seller-dashboard',
        lazy: async () => {
          const { SellerDashboard } = await import('../features/sellers/SellerDashboardPage');
          return {
            element: (
              <AccessGuard role="seller">
                <SellerDashboard />
              </AccessGuard>
            ),
          };
        },
      },
      // A seller's own listings and auctions (issue 17).
      {
        path: '/my-listings',
        lazy: async () => {
          const { MyListingsPage } = await import('../features/sellers/MyListingsPage');
          return {
            element: (
              <AccessGuard role="seller">
                <MyListingsPage />
              </AccessGuard>
            ),
          };
        },
      },
      {
        path: '/my-listings/:id/edit',
        lazy: async () => ({ Component: (await import('../features/catalog/SellPage')).EditListingPage }),
      },
      {
        path: '/my-auctions',
        lazy: async () => {
          const { MyAuctionsPage } = await import('../features/sellers/MyAuctionsPage');
          return {
            element: (
              <AccessGuard role="seller">
                <MyAuctionsPage />
              </AccessGuard>
            ),
          };
        },
      },
      {
        path: '/register-seller',
        lazy: async () => ({ Component: (await import('../features/sellers/RegisterSellerPage')).RegisterSellerPage }),
      },
      {
        path: '/seller-registration',
        lazy: async () => ({ Component: (await import('../features/sellers/RegisterSellerPage')).RegisterSellerPage }),
      },
      {
        path: '/storefront/:slug',
        lazy: async () => ({ Component: (await import('../features/sellers/StorefrontPage')).StorefrontPage }),
      },
      // Without a slug the storefront page says "Invalid storefront URL".
      {
        path: '/storefront',
        lazy: async () => ({ Component: (await import('../features/sellers/StorefrontPage')).StorefrontPage }),
      },
      // Auctions (issue 5).
      {
        path: '/auctions',
        lazy: async () => ({ Component: (await import('../features/auctions/AuctionsPage')).AuctionsPage }),
      },
      {
        path: '/auctions/:id',
        lazy: async () => ({ Component: (await import('../features/auctions/AuctionDetailPage')).AuctionDetailPage }),
      },
      {
        path: '/schedule-auction',
        lazy: async () => ({ Component: (await import('../features/auctions/ScheduleAuctionPage')).ScheduleAuctionRoute }),
      },
      // My Garage (issue 20).
      { path: '/garage', lazy: async () => ({ Component: (await import('../features/garage/GaragePage')).GaragePage }) },
      // Reverse auctions (issue 18).
      {
        path: '/reverse-auctions',
        lazy: async () => ({ Component: (await import('../features/reverse/ReverseAuctionsPage')).ReverseAuctionsPage }),
      },
      {
        path: '/reverse-auctions/:id',
        lazy: async () => ({ Component: (await import('../features/reverse/ReverseAuctionDetailPage')).ReverseAuctionDetailPage }),
      },
      // Orders and payments (issue 22): checkout, the buyer's orders, the seller's sales and payouts.
      {
        path: '/checkout/:orderId',
        lazy: async () => {
          const { CheckoutPage } = await import('../features/payments/CheckoutPage');
          return { element: <AccessGuard><CheckoutPage /></AccessGuard> };
        },
      },
      {
        path: '/account/orders',
        lazy: async () => {
          const { OrdersPage } = await import('../features/payments/OrdersPage');
          return { element: <AccessGuard><OrdersPage /></AccessGuard> };
        },
      },
      {
        path: '/account/orders/:id',
        lazy: async () => {
          const { OrderDetailPage } = await import('../features/payments/OrderDetailPage');
          return { element: <AccessGuard><OrderDetailPage /></AccessGuard> };
        },
      },
      {
        path: '/account/returns',
        lazy: async () => {
          const { ReturnsListPage } = await import('../features/returns/ReturnsListPage');
          return { element: <AccessGuard><ReturnsListPage /></AccessGuard> };
        },
      },
      {
        path: '/account/returns/:id',
        lazy: async () => {
          const { ReturnDetailPage } = await import('../features/returns/ReturnDetailPage');
          return { element: <AccessGuard><ReturnDetailPage /></AccessGuard> };
        },
      },
      {
        path: '/my-returns',
        lazy: async () => {
          const { SellerReturnsPage } = await import('../features/returns/ReturnsListPage');
          return { element: <AccessGuard role="seller"><SellerReturnsPage /></AccessGuard> };
        },
      },
      {
        path: '/my-sales',
        lazy: async () => {
          const { SalesPage } = await import('../features/sellers/SalesPage');
          return { element: <AccessGuard role="seller"><SalesPage /></AccessGuard> };
        },
      },
      {
        path: '/payouts',
        lazy: async () => {
          const { PayoutsPage } = await import('../features/sellers/PayoutsPage');
          return { element: <AccessGuard role="seller"><PayoutsPage /></AccessGuard> };
        },
      },
      // Offers (issue 23): the buyer's offers, one negotiation, the seller's Second Chance offers.
      {
        path: '/account/offers',
        lazy: async () => {
          const { MyOffersPage } = await import('../features/offers/MyOffersPage');
          return { element: <AccessGuard><MyOffersPage /></AccessGuard> };
        },
      },
      {
        path: '/offers/:id',
        lazy: async () => {
          const { OfferPage } = await import('../features/offers/OfferPage');
          return { element: <AccessGuard><OfferPage /></AccessGuard> };
        },
      },
      {
        path: '/auctions/:id/second-chance',
        lazy: async () => {
          const { SecondChancePage } = await import('../features/offers/SecondChancePage');
          return { element: <AccessGuard><SecondChancePage /></AccessGuard> };
        },
      },
      ...COMING_SOON.map(([path, title]) => ({ path, element: <ComingSoonPage title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
