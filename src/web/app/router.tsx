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
  ['/messages', 'Messages'],
  ['/garage', 'My Garage'],
  ['/reverse-auctions', 'Reverse Auctions'],
  ['/reverse-auctions/:id', 'Wanted Part Request'],
];

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register-buyer', element: <RegisterBuyerPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/sell', lazy: async () => ({ Component: (await import('../features/catalog/SellPage')).SellPage }) },
      // Catalog, buyer side (issue 3).
      { path: '/search', lazy: async () => ({ Component: (await import('../features/catalog/SearchPage')).SearchPage }) },
      {
        path: '/parts/:id',
        lazy: async () => ({ Component: (await import('../features/catalog/PartDetailPage')).PartDetailPage }),
      },
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
      ...COMING_SOON.map(([path, title]) => ({ path, element: <ComingSoonPage title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
