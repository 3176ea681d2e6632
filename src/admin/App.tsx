import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, defaultI18nProvider, LoadingPage, localStorageStore, Resource, useNotificationContext } from 'react-admin';
import { authProvider } from './authProvider';
import auctions from './auctions';
import auditLog from './audit-log';
import autoRelist from './auto-relist';
import badges from './badges';
import biddingPatterns from './bidding-patterns';
import contactRequests from './contact-requests';
import fitmentReports from './fitment-reports';
import compliance from './compliance';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import demoData from './demo-data';
import featuredListings from './featured';
import featuredRevenue from './featured-revenue';
import interchangeGroups from './interchange';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { PitlaneLayout } from './layout/PitlaneLayout';
import listings from './listings';
import mailOutbox from './mail-outbox';
import orders from './orders';
import offers from './offers';
import finance from './finance';
import reverseAuctions from './reverse-auctions';
import reportedConversations from './reported-conversations';
import reportedReviews from './reported-reviews';
import returns from './returns';
import sellerAnalytics from './seller-analytics';
import activeListings from './active-listings';
import sellers from './sellers';
import { auctionSettings, bidderSettings, pricingSettings } from './settings';
import { theme } from './theme';
import users from './users';

/** Where the server mounts the console (Vite's `base` without the trailing slash). */
export const CONSOLE_BASENAME = '/admin';

const store = localStorageStore();

// Screens a session rarely sees load when shown: each brings react-admin's page title with its editor, and the
// sign-in form brings react-hook-form. An admin with a session goes straight to the dashboard without them.
const LazyLoginPage = lazy(async () => ({ default: (await import('./layout/LoginPage')).LoginPage }));
const LazyNotFound = lazy(async () => ({ default: (await import('./layout/rareScreens')).NotFound }));
const LazyErrorPage = lazy(async () => ({ default: (await import('./layout/rareScreens')).Error }));
const LazyAuthenticationError = lazy(async () => ({ default: (await import('./layout/rareScreens')).AuthenticationError }));
const LazyNotification = lazy(async () => ({ default: (await import('./layout/snackbar')).Notification }));

const LoginPage = () => (
  <Suspense fallback={<LoadingPage />}>
    <LazyLoginPage />
  </Suspense>
);
const CatchAll = () => <LazyNotFound />;
const AuthenticationError = () => (
  <Suspense fallback={<LoadingPage />}>
    <LazyAuthenticationError />
  </Suspense>
);
const ErrorPage = (props: ComponentProps<typeof LazyErrorPage>) => (
  <Suspense fallback={null}>
    <LazyErrorPage {...props} />
  </Suspense>
);

/** react-admin's snackbar, from the first notification on (it stays mounted: it takes notifications off the queue). */
function Notifications() {
  const { notifications } = useNotificationContext();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setShown(true);
  }, [notifications.length]);
  return shown ? (
    <Suspense fallback={null}>
      <LazyNotification />
    </Suspense>
  ) : null;
}

/**
 * The Pitlane console. Every page needs a session (requireAuth); the layout then shows the
 * resources to admins only and the access-denied screen to everyone else.
 *
 * This is react-admin's <Admin> taken apart (AdminContext, CssBaseline, CoreAdminUI, the notifications): <Admin>
 * always bundles its default sign-in, error and not-found pages, so they could not load on demand (issue 34).
 */
export const App = () => (
  <AdminContext
    basename={CONSOLE_BASENAME}
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={defaultI18nProvider}
    store={store}
    theme={theme}
  >
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        title="Pitlane Admin"
        requireAuth
        loginPage={LoginPage}
        layout={PitlaneLayout}
        dashboard={Dashboard}
        accessDenied={AccessDeniedPage}
        authenticationError={AuthenticationError}
        catchAll={CatchAll}
        error={ErrorPage}
        loading={LoadingPage}
        disableTelemetry
      >
        <Resource name="users" options={{ label: 'Users' }} {...users} />
        <Resource name="audit-log" options={{ label: 'Audit log' }} {...auditLog} />
        <Resource name="mail-outbox" options={{ label: 'Mail outbox' }} {...mailOutbox} />
        <Resource name="sellers" options={{ label: 'Sellers' }} {...sellers} />
        <Resource name="parts" options={{ label: 'Listings' }} {...listings} />
        <Resource name="interchange-groups" options={{ label: 'Interchange' }} {...interchangeGroups} />
        <Resource name="demo-data" options={{ label: 'Demo Data' }} {...demoData} />
        <Resource name="featured-revenue" options={{ label: 'Featured Revenue' }} {...featuredRevenue} />
        <Resource name="featured-listings" options={{ label: 'Featured Manager' }} {...featuredListings} />
        <Resource name="auctions" options={{ label: 'Auctions' }} {...auctions} />
        <Resource name="bidding-patterns" options={{ label: 'Bidding patterns' }} {...biddingPatterns} />
        <Resource name="reverse-auctions" options={{ label: 'Reverse auctions' }} {...reverseAuctions} />
        <Resource name="auction-settings" options={{ label: 'Auction Settings' }} {...auctionSettings} />
        <Resource name="bidder-settings" options={{ label: 'Bidder Mgmt' }} {...bidderSettings} />
        <Resource name="pricing-settings" options={{ label: 'Reserve & BIN' }} {...pricingSettings} />
        <Resource name="auto-relist" options={{ label: 'Auto-relist' }} {...autoRelist} />
        <Resource name="active-listings" options={{ label: 'Active Listings' }} {...activeListings} />
        <Resource name="seller-analytics" options={{ label: 'Seller Analytics' }} {...sellerAnalytics} />
        <Resource name="badges" options={{ label: 'Badge Mgmt' }} {...badges} />
        <Resource name="contact-requests" options={{ label: 'Contact requests' }} {...contactRequests} />
        <Resource name="fitment-reports" options={{ label: 'Fitment reports' }} {...fitmentReports} />
        <Resource name="reported-conversations" options={{ label: 'Reported conversations' }} {...reportedConversations} />
        <Resource name="policy-acceptances" options={{ label: 'Policy & Compliance' }} {...compliance} />
        <Resource name="orders" options={{ label: 'Orders' }} {...orders} />
        <Resource name="offers" options={{ label: 'Offers' }} {...offers} />
        <Resource name="finance" options={{ label: 'Finance' }} {...finance} />
        <Resource name="returns" options={{ label: 'Returns' }} {...returns} />
        <Resource name="reported-reviews" options={{ label: 'Reported reviews' }} {...reportedReviews} />
      </CoreAdminUI>
      <Notifications />
    </CssBaseline>
  </AdminContext>
);
