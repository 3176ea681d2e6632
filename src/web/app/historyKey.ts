/**
 * react-router keys the first history entry of every document "default", and ScrollRestoration saves positions by
 * that key (in sessionStorage): a page loaded afresh (a typed address, a full-page link, the redirect after signing
 * out) opened at the position of the last page loaded afresh. This gives a fresh entry a key of its own before the
 * router reads it. A reload, or Back and Forward to another document, finds its entry's key again, and its position.
 */
export function keyFreshHistoryEntry(history: Pick<History, 'state' | 'replaceState'> = window.history): void {
  const state = history.state as { key?: unknown } | null;
  if (typeof state?.key === 'string' && state.key !== '') return;
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}
