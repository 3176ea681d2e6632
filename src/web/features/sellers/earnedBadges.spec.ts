import { describe, expect, it, vi } from 'vitest';
import { cardBadgeNames, createBatcher } from './earnedBadges';
import { badgePreview } from '../catalog/partFormat';

describe('createBatcher (part cards ask for their sellers\' badges together)', () => {
  it('asks once for the ids of one tick, each id once, and answers each caller', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.filter((id) => id !== 'c').map((userId) => ({ userId, names: [`${userId}-badge`] })));
    const load = createBatcher(fetchMany);
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('c')]);
    expect(fetchMany).toHaveBeenCalledTimes(1);
    expect(fetchMany).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect(answers).toEqual([['a-badge'], ['b-badge'], ['a-badge'], []]);
    await load('d');
    expect(fetchMany).toHaveBeenCalledTimes(2);
  });

  it('splits a large tick into requests the server accepts, and fails only the failed request\'s callers', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => {
      if (ids.includes('x')) throw new Error('500: boom');
      return ids.map((userId) => ({ userId, names: [] }));
    });
    const load = createBatcher(fetchMany, 2);
    const [a, b, x] = await Promise.allSettled([load('a'), load('b'), load('x')]);
    expect(fetchMany.mock.calls.map(([ids]) => ids)).toEqual([['a', 'b'], ['x']]);
    expect(a).toEqual({ status: 'fulfilled', value: [] });
    expect(b.status).toBe('fulfilled');
    expect(x.status).toBe('rejected');
  });
});

describe('part card badges (spec 000: two by name, "+N" for the rest)', () => {
  it('follows the part\'s own badges with the seller\'s, each once, and counts the rest', () => {
    const names = cardBadgeNames(['Featured', 'Verified Seller'], ['Verified Seller', 'First Sale', 'Top Rated']);
    expect(names).toEqual(['Featured', 'Verified Seller', 'First Sale', 'Top Rated']);
    expect(badgePreview(names)).toEqual({ shown: ['Featured', 'Verified Seller'], more: 2 });
    expect(badgePreview(cardBadgeNames([], ['First Sale']))).toEqual({ shown: ['First Sale'], more: 0 });
  });
});
