import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { IdempotencyKeys } from '../../platform/db/idempotency-keys.js';

/** Idempotency-Keys of quotes and awards (as bids do). */
@injectable()
export class ReverseIdempotencyStore extends IdempotencyKeys {
  constructor(@inject(Clock) clock: Clock) {
    super('reverse_idempotency_keys', clock);
  }
}
