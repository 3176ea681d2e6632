import { lazy, Suspense } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../features/accounts/useAuth';
import { cn } from '../lib/cn';
import { signInHref } from '../lib/navigation';
import { ButtonAnchor } from './Button';
import { Logo } from './Logo';
import { MobileDrawer } from './MobileDrawer';
import { MAIN_LINKS } from './nav';
import { SearchBox } from './SearchBox';

// What only a signed-in user sees loads once someone is signed in: a visitor's first page does without it.
const SignedInControls = lazy(() => import('./SignedInControls'));
const MessagesBadge = lazy(async () => ({ default: (await import('../features/messaging/MessagesBadge')).MessagesBadge }));

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
            <Suspense fallback={null}>
              <SignedInControls user={user} />
            </Suspense>
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
                {link.to === '/messages' && user && (
                  <Suspense fallback={null}>
                    <MessagesBadge />
                  </Suspense>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
