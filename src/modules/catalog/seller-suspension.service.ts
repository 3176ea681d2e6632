import { inject, injectable } from 'inversify';

import { z } from 'zod';
import { Clock } from '../../platform/clock.js';
import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { AccountsApi, ACCOUNT_EVENTS } from '../accounts/index.js';
import { Database } from '../../platform/db/database.js';
import { Part } from './part.entity.js';

export const APPLY_SELLER_SUSPENSION_TASK = 'catalog/apply-seller-suspension';

/** The accounts events that change whether a seller's listings may be public. */
export const SELLER_SUSPENSION_SUBSCRIPTIONS = {
  [ACCOUNT_EVENTS.userSuspended]: [APPLY_SELLER_SUSPENSION_TASK],
  [ACCOUNT_EVENTS.userReinstated]: [APPLY_SELLER_SUSPENSION_TASK],
};

/** The facts of `accounts.user.suspended` / `reinstated` the catalog needs, inside the event envelope. */
const suspensionEvent = z.object({ event: z.string(), payload: z.object({ userId: z.uuid() }) });

/**
 * A suspended seller's live listings leave the market (inactive, marked `hidden_by_suspension_at`, so search,
 * counts and part pages all treat them as withdrawn); reinstating the seller brings back exactly those listings.
 */
@injectable()
export class SellerSuspensionService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /**
   * Brings the seller's listings in line with their account as it is now (not as the event said, so a late or
   * repeated job after a quick suspend-and-reinstate does the right thing); returns how many listings changed.
   */
  async apply(sellerId: string): Promise<number> {
    const suspended = await this.accounts.isSuspended(sellerId);
    const now = this.clock.now();
    // One statement each way (a seller may have thousands of listings); the count of listings changed comes back.
    return suspended
      ? this.db.em.nativeUpdate(Part, { sellerId, isActive: true, soldAt: null }, { isActive: false, hiddenBySuspensionAt: now, updatedAt: now })
      : this.db.em.nativeUpdate(Part, { sellerId, hiddenBySuspensionAt: { $ne: null }, soldAt: null }, { isActive: true, hiddenBySuspensionAt: null, updatedAt: now });
  }
}

/** Tasks of the seller suspension. */
export const sellerSuspensionTasks: TaskFactories = {
  /** Hides or restores a seller's listings after `accounts.user.suspended` / `reinstated`; idempotent. */
  [APPLY_SELLER_SUSPENSION_TASK]: (container) => async (payload) => {
    const { payload: event } = parseOrThrow(suspensionEvent, payload);
    await container.get(SellerSuspensionService).apply(event.userId);
  },
};
