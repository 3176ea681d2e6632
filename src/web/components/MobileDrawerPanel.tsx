import type { RefObject } from 'react';
import {
  CarFront,
  Gavel,
  Heart,
  Info,
  LayoutDashboard,
  LogIn,
  LogOut,
  Megaphone,
  MessageSquare,
  Package,
  Receipt,
  RotateCcw,
  Search,
  Settings,
  Store,
  Tag,
  UserRound,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { signOut, SIGN_OUT_PATH } from '../features/accounts/signOut';
import { displayName, useAuth } from '../features/accounts/useAuth';
import { useUnreadCount } from '../features/messaging/messaging.api';
import { signInHref } from '../lib/navigation';
import { PlaceholderLink } from './PlaceholderLink';
import { SearchBox } from './SearchBox';

const rowClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-paper';

/**
 * The drawer of the header below md (MobileDrawer loads it on the first press of the menu button): search, the main
 * links (Browse, Sell, Auctions, Wanted, Messages, Garage), the user menu's links, About, Favorites and Account, so
 * nothing hidden on phones is out of reach. Closing it puts the focus back on the menu button.
 */
export default function MobileDrawerPanel({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { user } = useAuth();
  const location = useLocation();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 md:hidden" />
        <Dialog.Content
          id="mobile-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto bg-surface p-4 shadow-xl md:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="grid size-10 place-items-center rounded-md hover:bg-paper">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Search and site navigation</Dialog.Description>
          <SearchBox onSearched={close} />
          <nav aria-label="Mobile" className="grid gap-1">
            <Link to="/search" className={rowClass} onClick={close}>
              <Search aria-hidden className="size-5 text-muted" /> Browse
            </Link>
            <Link to="/sell" className={rowClass} onClick={close}>
              <Store aria-hidden className="size-5 text-muted" /> Sell
            </Link>
            <Link to="/auctions" className={rowClass} onClick={close}>
              <Gavel aria-hidden className="size-5 text-muted" /> Auctions
            </Link>
            <Link to="/reverse-auctions" className={rowClass} onClick={close}>
              <Megaphone aria-hidden className="size-5 text-muted" /> Wanted
            </Link>
            <Link to="/messages" className={rowClass} onClick={close}>
              <MessageSquare aria-hidden className="size-5 text-muted" /> Messages
              <UnreadMessages signedIn={user !== null} />
            </Link>
            <Link to="/garage" className={rowClass} onClick={close}>
              <CarFront aria-hidden className="size-5 text-muted" /> Garage
            </Link>
            {user && (
              <>
                <Link to="/account/orders" className={rowClass} onClick={close}>
                  <Receipt aria-hidden className="size-5 text-muted" /> Orders
                </Link>
                <Link to="/account/offers" className={rowClass} onClick={close}>
                  <Tag aria-hidden className="size-5 text-muted" /> My Offers
                </Link>
                <Link to="/account/returns" className={rowClass} onClick={close}>
                  <RotateCcw aria-hidden className="size-5 text-muted" /> Returns
                </Link>
                <Link to="/account/settings" className={rowClass} onClick={close}>
                  <Settings aria-hidden className="size-5 text-muted" /> Account Settings
                </Link>
              </>
            )}
            {user?.role === 'seller' && (
              <>
                <Link to="/seller-dashboard" className={rowClass} onClick={close}>
                  <LayoutDashboard aria-hidden className="size-5 text-muted" /> Seller Dashboard
                </Link>
                <Link to="/my-listings" className={rowClass} onClick={close}>
                  <Package aria-hidden className="size-5 text-muted" /> My Listings
                </Link>
                <Link to="/my-auctions" className={rowClass} onClick={close}>
                  <Gavel aria-hidden className="size-5 text-muted" /> My Auctions
                </Link>
              </>
            )}
            <div className={rowClass}>
              <Info aria-hidden className="size-5 text-muted" />
              <PlaceholderLink label="About" className="flex-1" />
            </div>
          </nav>
          <div className="grid grid-cols-2 gap-2 border-t border-line pt-4">
            <Link
              to="/watchlist"
              onClick={close}
              className="flex h-12 items-center justify-center gap-2 rounded-md border border-line text-sm font-medium hover:bg-paper"
            >
              <Heart aria-hidden className="size-4" /> Favorites
            </Link>
            <Link
              to={user ? (user.role === 'seller' ? '/seller-dashboard' : '/garage') : '/login'}
              onClick={close}
              className="flex h-12 items-center justify-center gap-2 rounded-md border border-line text-sm font-medium hover:bg-paper"
            >
              <UserRound aria-hidden className="size-4" /> Account
            </Link>
          </div>
          <div className="mt-auto border-t border-line pt-4">
            {user ? (
              <div className="grid gap-3">
                <div>
                  <p className="font-semibold">{displayName(user)}</p>
                  <p className="truncate text-sm text-muted">{user.email}</p>
                </div>
                <a href={SIGN_OUT_PATH} onClick={signOut} className={rowClass}>
                  <LogOut aria-hidden className="size-5 text-muted" /> Sign Out
                </a>
              </div>
            ) : (
              <a href={signInHref(location.pathname, location.search)} className={rowClass}>
                <LogIn aria-hidden className="size-5 text-muted" /> Sign In
              </a>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The unread messages count beside the drawer's Messages (the header badge's query; its socket stays in the header). */
function UnreadMessages({ signedIn }: { signedIn: boolean }) {
  const count = useUnreadCount(signedIn).data?.count ?? 0;
  if (!signedIn || count === 0) return null;
  return (
    <span className="ml-auto inline-grid min-w-5 place-items-center rounded-full bg-racing px-1.5 text-xs leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread messages</span>
    </span>
  );
}
