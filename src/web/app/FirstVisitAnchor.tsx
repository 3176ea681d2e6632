import { useLayoutEffect } from 'react';

let firstPageShown = false;

/**
 * Rendered after each page's content: on a first visit to an address with an anchor (/faq#shipping), scrolls to
 * it once the page is there. The browser looked for the anchor before the page's code had loaded, and the router's
 * ScrollRestoration had already run for the loading outline; later navigations are the router's to scroll.
 */
export function FirstVisitAnchor() {
  useLayoutEffect(() => {
    if (firstPageShown) return;
    firstPageShown = true;
    const id = window.location.hash.slice(1);
    if (!id) return;
    try {
      document.getElementById(decodeURIComponent(id))?.scrollIntoView();
    } catch {
      // a malformed escape names no element
    }
  }, []);
  return null;
}
