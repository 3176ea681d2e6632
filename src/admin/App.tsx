import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import auctions from './auctions';
import auditLog from './audit-log';
import autoRelist from './auto-relist';
import badges from './badges';
import biddingPatterns from './bidding-patterns';
import contactRequests from './contact-requests';
import compliance from './compliance';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import demoData from './demo-data';
import featuredListings from './featured';
import featuredRevenue from './featured-revenue';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { LoginPage } from './layout/LoginPage';
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

/**
 * The Pitlane console. Every page needs a session (requireAuth); the layout then shows the
 * resources to admins only and the access-denied screen to everyone else.
 */
export const App = () => (
  <Admin
    basename={CONSOLE_BASENAME}
    title="Pitlane Admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    requireAuth
    loginPage={LoginPage}
    layout={PitlaneLayout}
    dashboard={Dashboard}
    accessDenied={AccessDeniedPage}
    theme={theme}
    disableTelemetry
  >
    <Resource name="users" options={{ label: 'Users' }} {...users} />
    <Resource name="audit-log" options={{ label: 'Audit log' }} {...auditLog} />
    <Resource name="mail-outbox" options={{ label: 'Mail outbox' }} {...mailOutbox} />
    <Resource name="sellers" options={{ label: 'Sellers' }} {...sellers} />
    <Resource name="parts" options={{ label: 'Listings' }} {...listings} />
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
    <Resource name="badges" options={{ label: 'Badges' }} {...badges} />
    <Resource name="contact-requests" options={{ label: 'Contact requests' }} {...contactRequests} />
    <Resource name="reported-conversations" options={{ label: 'Reported conversations' }} {...reportedConversations} />
    <Resource name="policy-acceptances" options={{ label: 'Policy & Compliance' }} {...compliance} />
    <Resource name="orders" options={{ label: 'Orders' }} {...orders} />
    <Resource name="offers" options={{ label: 'Offers' }} {...offers} />
    <Resource name="finance" options={{ label: 'Finance' }} {...finance} />
    <Resource name="returns" options={{ label: 'Returns' }} {...returns} />
    <Resource name="reported-reviews" options={{ label: 'Reported reviews' }} {...reportedReviews} />
  </Admin>
);
