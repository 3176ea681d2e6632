import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteBehind, WriteBehindRegistry } from './write-behind.js';
import type { Logger } from './logger.js';

type Count = { id: string; n: number };
const logger = { warn: vi.fn() } as unknown as Logger;

function counter(write: (items: Count[]) => Promise<void>, maxKeys?: number) {
  return new WriteBehind<Count>({ name: 'test', intervalMs: 1000, maxKeys, key: (c) => c.id, merge: (a, b) => ({ id: a.id, n: a.n + b.n }), write, logger });
}

describe('WriteBehind', () => {
  afterEach(() => vi.useRealTimers());

  it('merges items by key and writes them in one batch after the interval', async () => {
    vi.useFakeTimers();
    const batches: Count[][] = [];
    const buffer = counter(async (items) => void batches.push(items));
    buffer.add({ id: 'a', n: 1 });
    buffer.add({ id: 'b', n: 2 });
    buffer.add({ id: 'a', n: 3 });
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([[{ id: 'a', n: 4 }, { id: 'b', n: 2 }]]);
    expect(buffer.size).toBe(0);
  });

  it('writes at once when the batch reaches maxKeys', async () => {
    const batches: Count[][] = [];
    const buffer = counter(async (items) => void batches.push(items), 2);
    buffer.add({ id: 'a', n: 1 });
    buffer.add({ id: 'b', n: 1 });
    await buffer.flush();
    expect(batches).toEqual([[{ id: 'a', n: 1 }, { id: 'b', n: 1 }]]);
  });

  it('logs a failed batch and keeps working', async () => {
    let fail = true;
    const written: Count[] = [];
    const buffer = counter(async (items) => {
      if (fail) throw new Error('down');
      written.push(...items);
    });
    buffer.add({ id: 'a', n: 1 });
    await buffer.flush();
    expect(logger.warn).toHaveBeenCalled();
    fail = false;
    buffer.add({ id: 'b', n: 1 });
    await buffer.flush();
    expect(written).toEqual([{ id: 'b', n: 1 }]);
  });

  it('the registry flushes every buffer when the process closes', async () => {
    const written: Count[] = [];
    const registry = new WriteBehindRegistry();
    const buffer = counter(async (items) => void written.push(...items));
    registry.add(buffer);
    buffer.add({ id: 'a', n: 5 });
    await registry.flushAll();
    expect(written).toEqual([{ id: 'a', n: 5 }]);
  });
});
