/**
 * Every page of the web app by name, as react-router path patterns (spec 000 §2 and the pages the product grew).
 * The router (app/router.tsx) gives each name its screen, and the server's page fallback (platform/http/app.ts)
 * answers 404 for every other path. Pure TypeScript importing nothing, so the server can import it without React.
 */
export const WEB_ROUTES = {
  home: '/',
  login: '/login',
  registerBuyer: '/register-buyer',
  verifyEmail: '/verify-email',
  accountSettings: '/account/settings',
  sell: '/sell',
  search: '/search',
  part: '/parts/:id',
  messages: '/messages',
  watchlist: '/watchlist',
  faq: '/faq',
  payments: '/payments',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  // The footer's Cookie and Sitemap links (issue 34).
  cookiePolicy: '/cookie-policy',
  sitemap: '/sitemap',
  buyerProtection: '/buyer-protection',
  sellerGuidelines: '/seller-guidelines',
  contact: '/contact',
  sellerDashboard: '/seller-dashboard',
  myListings: '/my-listings',
  editListing: '/my-listings/:id/edit',
  myAuctions: '/my-auctions',
  registerSeller: '/register-seller',
  sellerRegistration: '/seller-registration',
  storefront: '/storefront/:slug',
  // Without a slug the storefront page says "Invalid storefront URL" (spec 000).
  storefrontWithoutSlug: '/storefront',
  auctions: '/auctions',
  auction: '/auctions/:id',
  scheduleAuction: '/schedule-auction',
  garage: '/garage',
  notifications: '/notifications',
  reverseAuctions: '/reverse-auctions',
  reverseAuction: '/reverse-auctions/:id',
  checkout: '/checkout/:orderId',
  orders: '/account/orders',
  order: '/account/orders/:id',
  returns: '/account/returns',
  return: '/account/returns/:id',
  sellerReturns: '/my-returns',
  sales: '/my-sales',
  payouts: '/payouts',
  myOffers: '/account/offers',
  offer: '/offers/:id',
  secondChance: '/auctions/:id/second-chance',
} as const;

export type WebRouteName = keyof typeof WEB_ROUTES;

/** The patterns split into segments once: a `:name` segment stands for any one segment. */
const PATTERNS: readonly (readonly string[])[] = Object.values(WEB_ROUTES).map((pattern) => pattern.split('/').filter(Boolean));

function segmentsOf(pathname: string): string[] {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // a malformed escape: match the raw text, as the router would fail to decode it too
  }
  return path.replace(/\/+$/, '').split('/').slice(1);
}

/**
 * Whether a path names one of the web app's pages, matched as react-router matches it: static segments without
 * regard to case, a `:param` segment for any non-empty segment, a trailing slash ignored.
 */
export function isWebRoute(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => {
        const segment = segments[i]!;
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      }),
  );
}
