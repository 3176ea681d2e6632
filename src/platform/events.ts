import { inject, injectable } from 'inversify';
import type { SqlExecutor } from './db/pg-transaction.js';
import { JobQueue } from './jobs.js';
import { TOKENS } from './tokens.js';

export interface DomainEvent<T = unknown> {
  /** `<module>.<entity>.<past-tense>`, e.g. `accounts.user.registered`. */
  name: string;
  payload: T;
}

/** The outbox: an event becomes one job per subscriber, in the same transaction as the change. */
@injectable()
export class EventBus {
  constructor(
    @inject(TOKENS.Subscriptions) private readonly subscriptions: Record<string, string[]>,
    @inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  /** Records `event` for every subscriber of its name. */
  async publish(em: SqlExecutor, event: DomainEvent): Promise<void> {
    for (const task of this.subscriptions[event.name] ?? []) {
      await this.jobs.add(em, task, { event: event.name, payload: event.payload });
    }
  }
}
