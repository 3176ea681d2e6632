import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { IdempotencyKeys } from '../../platform/db/idempotency-keys.js';

export type { StoredAnswer } from '../../platform/db/idempotency-keys.js';

/** Idempotency-Keys of bids and Buy It Now. */
@injectable()
export class IdempotencyKeyStore extends IdempotencyKeys {
  constructor(@inject(Clock) clock: Clock) {
    super('auction_idempotency_keys', clock);
  }
}
