import { Gavel, LayoutDashboard, Package, Receipt, RotateCcw, Settings, Tag, type LucideIcon } from 'lucide-react';

export interface UserMenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown to sellers only. */
  sellerOnly?: boolean;
}

/** The user menu's links in their order (Sign Out comes after them). */
export const USER_MENU_LINKS: readonly UserMenuLink[] = [
  { to: '/seller-dashboard', label: 'Seller Dashboard', icon: LayoutDashboard, sellerOnly: true },
  { to: '/my-listings', label: 'My Listings', icon: Package, sellerOnly: true },
  { to: '/my-auctions', label: 'My Auctions', icon: Gavel, sellerOnly: true },
  { to: '/account/orders', label: 'Orders', icon: Receipt },
  { to: '/account/offers', label: 'My Offers', icon: Tag },
  { to: '/account/returns', label: 'Returns', icon: RotateCcw },
  { to: '/account/settings', label: 'Account Settings', icon: Settings },
];

/** The links a user with this role sees in the menu. */
export function userMenuLinks(role: string | undefined): UserMenuLink[] {
  return USER_MENU_LINKS.filter((link) => !link.sellerOnly || role === 'seller');
}
