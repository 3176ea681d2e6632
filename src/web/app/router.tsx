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
  ['/search', 'Browse Parts'],
  ['/parts/:id', 'Part Details'],
  ['/sell', 'List a Part'],
  ['/register-seller', 'Become a Seller'],
  ['/seller-registration', 'Become a Seller'],
  ['/messages', 'Messages'],
  ['/watchlist', 'My Watchlist'],
  ['/garage', 'My Garage'],
  ['/auctions', 'Live Auctions'],
  ['/auctions/:id', 'Auction Details'],
  ['/reverse-auctions', 'Reverse Auctions'],
  ['/reverse-auctions/:id', 'Wanted Part Request'],
  ['/schedule-auction', 'Schedule an Auction'],
  ['/storefront/:slug', 'Seller Storefront'],
];

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register-buyer', element: <RegisterBuyerPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
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
      {
        path: '/seller-dashboard',
        element: (
          <AccessGuard role="seller">
            <ComingSoonPage title="Seller Dashboard" />
          </AccessGuard>
        ),
      },
      ...COMING_SOON.map(([path, title]) => ({ path, element: <ComingSoonPage title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
