import { WEB_ROUTES, type WebRouteName } from '../routes';

/** One group of the sitemap page: a heading and its pages, each by route name with the text of its link. */
export interface SitemapGroup {
  heading: string;
  pages: ReadonlyArray<{ route: WebRouteName; label: string }>;
}

/**
 * The /sitemap page (issue 34): the web app's main pages by what people come to do. Pages that need a record in
 * their address (a part, an order...) are reached from these, and pages that are only another name for one listed
 * here are left out: SITEMAP_LEFT_OUT says which and why, and the unit test checks every route is one or the other.
 */
export const SITEMAP: readonly SitemapGroup[] = [
  {
    heading: 'Shop',
    pages: [
      { route: 'home', label: 'Home' },
      { route: 'search', label: 'Browse Parts' },
      { route: 'auctions', label: 'Live Auctions' },
      { route: 'reverseAuctions', label: 'Wanted Parts (Reverse Auctions)' },
      { route: 'watchlist', label: 'Watchlist' },
      { route: 'garage', label: 'My Garage' },
      { route: 'notifications', label: 'Notifications' },
    ],
  },
  {
    heading: 'Sell',
    pages: [
      { route: 'registerSeller', label: 'Become a Seller' },
      { route: 'sell', label: 'Sell a Part' },
      { route: 'scheduleAuction', label: 'Schedule an Auction or Post a Wanted Request' },
      { route: 'sellerDashboard', label: 'Seller Dashboard' },
      { route: 'myListings', label: 'My Listings' },
      { route: 'myAuctions', label: 'My Auctions' },
      { route: 'sales', label: 'My Sales' },
      { route: 'sellerReturns', label: 'Returns to Me' },
      { route: 'payouts', label: 'Payouts' },
    ],
  },
  {
    heading: 'Your Account',
    pages: [
      { route: 'login', label: 'Sign In' },
      { route: 'registerBuyer', label: 'Create an Account' },
      { route: 'accountSettings', label: 'Account Settings' },
      { route: 'messages', label: 'Messages' },
      { route: 'orders', label: 'My Orders' },
      { route: 'myOffers', label: 'My Offers' },
      { route: 'returns', label: 'My Returns' },
    ],
  },
  {
    heading: 'Help & Policies',
    pages: [
      { route: 'faq', label: 'FAQ' },
      { route: 'payments', label: 'Payment Options' },
      { route: 'buyerProtection', label: 'Buyer Protection' },
      { route: 'sellerGuidelines', label: 'Seller Guidelines' },
      { route: 'contact', label: 'Contact Us' },
      { route: 'privacyPolicy', label: 'Privacy Policy' },
      { route: 'termsOfService', label: 'Terms of Service' },
      { route: 'cookiePolicy', label: 'Cookie Policy' },
      { route: 'sitemap', label: 'Sitemap' },
    ],
  },
];

/** The routes the sitemap does not list, and why. */
export const SITEMAP_LEFT_OUT: Readonly<Partial<Record<WebRouteName, string>>> = {
  verifyEmail: 'opened from the verification email',
  part: 'one part: reached from Browse Parts',
  editListing: 'one listing: reached from My Listings',
  storefront: "one seller's storefront: reached from their parts",
  storefrontWithoutSlug: 'no storefront without a seller',
  sellerRegistration: 'another address of Become a Seller',
  auction: 'one auction: reached from Live Auctions',
  reverseAuction: 'one wanted request: reached from Wanted Parts',
  checkout: 'one order: reached from My Orders',
  order: 'one order: reached from My Orders',
  return: 'one return: reached from My Returns',
  offer: 'one offer: reached from My Offers',
  secondChance: 'one ended auction: reached from My Auctions',
};

/** A listed page's address (none of them has a parameter). */
export const sitemapHref = (route: WebRouteName): string => WEB_ROUTES[route];
