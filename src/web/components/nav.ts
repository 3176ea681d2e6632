/** The header's main links (spec 000 §2 "Header"). */
export const MAIN_LINKS = [
  { to: '/search', label: 'Browse' },
  { to: '/sell', label: 'Sell' },
  { to: '/messages', label: 'Messages' },
  { to: '/watchlist', label: 'Watchlist' },
  { to: '/garage', label: 'Garage' },
  { to: '/auctions', label: 'Auctions' },
  { to: '/reverse-auctions', label: 'Wanted' },
] as const;
