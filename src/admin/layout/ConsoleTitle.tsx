import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * The page's title in the app bar's title slot (TitlePortal's #react-admin-title), as react-admin's <Title> renders
 * it without its title editor: the editor (and MUI's text and select inputs under it) stays out of the console's
 * first screen. Resource pages keep react-admin's own titles.
 */
export function ConsoleTitle({ title }: { title: string }) {
  const [container, setContainer] = useState<HTMLElement | null>(() => document.getElementById('react-admin-title'));
  // On the first render the app bar may not be in the document yet.
  useEffect(() => {
    setContainer((current) => (current && document.body.contains(current) ? current : document.getElementById('react-admin-title')));
  }, []);
  return container ? createPortal(<span>{title}</span>, container) : null;
}
