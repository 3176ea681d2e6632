import { useEffect, useRef } from 'react';

/**
 * For a step that replaces part of a page in place (checkout's address form, then its payment): when `step`
 * changes, brings the element's top into view below the sticky header (the page's scroll-padding) and moves the
 * focus to it (give it tabIndex={-1}), as a navigation would. Nothing happens on the first render.
 */
export function useRevealOnChange<T extends HTMLElement>(step: string) {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [step]);
  return ref;
}
