import { Heart, Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../features/accounts/useAuth';
import { cn } from '../lib/cn';
import { signInHref } from '../lib/navigation';
import { ButtonAnchor, ButtonLink } from './Button';
import { Logo } from './Logo';
import { MobileDrawer } from './MobileDrawer';
import { MAIN_LINKS } from './nav';
import { MessagesBadge } from '../features/messaging/MessagesBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

/** The sticky graphite header on every page (spec 000 §2 "Header"). */
export function Header() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  return (
    <header className="sticky top-0 z-40 bg-graphite text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 md:gap-4">
        <Logo />
        <SearchBox tone="dark" className="hidden max-w-xl flex-1 md:block" />
        {/* Phones show icon buttons only (Favorites, the bell, the menu); the rest is in the drawer. */}
        <div className="ml-auto flex shrink-0 items-center gap-1 md:gap-2">
          {isLoading ? null : user ? (
            <>
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <Link
                    to="/watchlist"
                    aria-label="Favorites"
                    className="grid size-10 place-items-center rounded-md text-white hover:bg-white/10"
                  >
                    <Heart aria-hidden className="size-5" />
                  </Link>
                </Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content sideOffset={6} className="z-50 rounded-sm bg-ink px-2 py-1 text-xs text-white">
                    Favorites
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
              <NotificationBell />
              <div className="hidden md:block">
                <UserMenu user={user} />
              </div>
              {/* A wrapper hides it: the button's own inline-flex would override a `hidden` on it. */}
              <div className="hidden md:block">
                <ButtonLink to="/sell" size="sm">
                  <Plus aria-hidden className="size-4" />
                  List Your Parts
                </ButtonLink>
              </div>
            </>
          ) : (
            <ButtonAnchor href={signInHref(location.pathname, location.search)} size="sm">
              Sign In
            </ButtonAnchor>
          )}
          <MobileDrawer />
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-white/10 md:block">
        <ul className="mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4">
          {MAIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'block border-b-2 px-3 py-2 text-sm font-medium',
                    isActive ? 'border-racing text-white' : 'border-transparent text-white/80 hover:text-white',
                  )
                }
              >
                {link.label}
                {link.to === '/messages' && <MessagesBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
