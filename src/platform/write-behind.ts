import type { Logger } from './logger.js';

/** Buffers that must be written before the process closes its database pools (see runtime.close). */
export class WriteBehindRegistry {
  private readonly buffers = new Set<{ flush(): Promise<void> }>();

  add(buffer: { flush(): Promise<void> }): void {
    this.buffers.add(buffer);
  }

  /** Flushes every buffer once (the process is closing). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.buffers].map((b) => b.flush()));
  }
}

/**
 * Collects small writes (counters, page views) in memory and hands them to `write` in one batch every
 * `intervalMs`, off the request path. A failed batch is logged and dropped: these are statistics, never money.
 * `merge` folds an item into the pending batch by key (e.g. adding counts), so the batch stays small under load.
 */
export class WriteBehind<T> {
  private pending = new Map<string, T>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      name: string;
      intervalMs: number;
      /** At most this many keys wait; beyond it the batch is written at once. */
      maxKeys?: number;
      key: (item: T) => string;
      merge: (pending: T, item: T) => T;
      write: (items: T[]) => Promise<void>;
      logger: Logger;
    },
  ) {}

  add(item: T): void {
    const key = this.options.key(item);
    const before = this.pending.get(key);
    this.pending.set(key, before === undefined ? item : this.options.merge(before, item));
    if (this.pending.size >= (this.options.maxKeys ?? 10_000)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs).unref();
  }

  /** Writes what is pending now; resolves when that batch (and any before it) is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return this.writing;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(() =>
      this.options.write(batch).catch((err: unknown) => this.options.logger.warn({ err, buffer: this.options.name, items: batch.length }, 'write-behind batch failed')),
    );
    return this.writing;
  }

  /** Items waiting for the next batch. */
  get size(): number {
    return this.pending.size;
  }
}
