import { describe, expect, it } from 'vitest';
import { keyFreshHistoryEntry } from './historyKey';

/** A history whose entry state can be read and replaced, as window.history's current entry. */
function historyWith(state: unknown) {
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  return history;
}

describe('keyFreshHistoryEntry', () => {
  it('gives an entry without a key (a page loaded afresh) a key of its own, keeping what else it holds', () => {
    const fresh = historyWith(null);
    keyFreshHistoryEntry(fresh);
    expect((fresh.state as { key: string }).key).toMatch(/^[a-z0-9]+$/);

    const other = historyWith({ idx: 0, usr: { from: '/faq' } });
    keyFreshHistoryEntry(other);
    expect(other.state).toMatchObject({ idx: 0, usr: { from: '/faq' } });
    expect((other.state as { key: string }).key).not.toBe((fresh.state as { key: string }).key);
  });

  it('keeps the key of an entry that has one (a reload, Back or Forward to it)', () => {
    const entry = historyWith({ idx: 3, key: 'k2x9a0' });
    keyFreshHistoryEntry(entry);
    expect(entry.state).toEqual({ idx: 3, key: 'k2x9a0' });
  });
});
