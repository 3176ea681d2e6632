import { describe, expect, it, vi } from 'vitest';
import { cardEvidenceLine, createEvidenceBatcher } from './cardEvidence';
import type { FitmentEvidenceDto } from '../../../modules/catalog/part.dto';

const line = (over: Partial<FitmentEvidenceDto>): FitmentEvidenceDto => ({
  make: 'Chevrolet',
  model: 'Camaro',
  yearStart: 1969,
  yearEnd: 1972,
  engine: null,
  confirmed: 0,
  withModification: 0,
  didNotFit: 0,
  ...over,
});

describe('cardEvidenceLine (a search card\'s one line of buyers\' evidence)', () => {
  it('counts every confirmation of the part', () => {
    expect(cardEvidenceLine([line({ confirmed: 2, didNotFit: 1 }), line({ model: 'Nova', confirmed: 1 })])).toBe('Fit confirmed by 3 buyers');
    expect(cardEvidenceLine([line({ confirmed: 1 })])).toBe('Fit confirmed by 1 buyer');
  });

  it('falls back to the part page\'s best sentence, and says nothing without reports', () => {
    expect(cardEvidenceLine([line({ yearStart: 1970, yearEnd: 1970, withModification: 1 })])).toBe('1 buyer: needed modification (1970 Camaro)');
    expect(cardEvidenceLine([])).toBeNull();
  });
});

describe('createEvidenceBatcher (a page of cards asks once)', () => {
  it('asks once for the ids of one tick, each once, and answers each card (none for a part the server left out)', async () => {
    const confirmed = [line({ confirmed: 3 })];
    const fetchMany = vi.fn(async (ids: string[]) => ids.filter((id) => id !== 'hidden').map((partId) => ({ partId, evidence: partId === 'a' ? confirmed : [] })));
    const load = createEvidenceBatcher(fetchMany);
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('hidden')]);
    expect(fetchMany).toHaveBeenCalledTimes(1);
    expect(fetchMany).toHaveBeenCalledWith(['a', 'b', 'hidden']);
    expect(answers).toEqual([confirmed, [], confirmed, []]);
  });

  it('splits a tick into requests the server accepts, and fails only the failed request\'s cards', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => {
      if (ids.includes('x')) throw new Error('500: boom');
      return ids.map((partId) => ({ partId, evidence: [] }));
    });
    const load = createEvidenceBatcher(fetchMany, 2);
    const [a, , x] = await Promise.allSettled([load('a'), load('b'), load('x')]);
    expect(fetchMany.mock.calls.map(([ids]) => ids)).toEqual([['a', 'b'], ['x']]);
    expect(a).toEqual({ status: 'fulfilled', value: [] });
    expect(x.status).toBe('rejected');
  });
});
