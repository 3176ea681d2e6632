import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { useAuth } from '../features/accounts/useAuth';

// Only a signed-in user can owe a policy acceptance: visitors do not download the dialog.
const PolicyUpdateDialog = lazy(async () => ({ default: (await import('../features/accounts/PolicyUpdateDialog')).PolicyUpdateDialog }));

/**
 * Header, the page, footer; a loading bar while the next page's code loads; focus moves to the page on
 * navigation for screen-reader users.
 */
export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { user } = useAuth();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return; // first load: leave focus where the browser put it
    shownPath.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      {navigation.state !== 'idle' && (
        <div role="progressbar" aria-label="Loading page" className="nav-progress fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden">
          <span className="block h-full w-2/5 bg-racing" />
        </div>
      )}
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      {user && (
        <Suspense fallback={null}>
          <PolicyUpdateDialog />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
