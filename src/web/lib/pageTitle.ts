import { useEffect } from 'react';

/** The site's own title, from index.html: the home page's, and every page's until it names itself. */
const SITE_TITLE = typeof document === 'undefined' ? 'Pitlane' : document.title;

/** The browser tab's text for a page: "{title} | Pitlane". */
export function pageTitle(title: string): string {
  return `${title.trim()} | Pitlane`;
}

/**
 * Names the page in the browser tab, the history list and bookmarks while it is shown; the site's title comes
 * back when it goes. `undefined` (data still loading) leaves the title as it is. Call it in the component that
 * renders the page's heading, not in a parent of another titled component, so that one title applies.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title?.trim()) return;
    document.title = pageTitle(title);
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
