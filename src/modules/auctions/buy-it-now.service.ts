import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { ActivityService } from './activity.service.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { BuyItNowResultDto } from './auction.dto.js';
import { readAuction } from './auction.repository.js';
import { Auction } from './auction.entity.js';
import { money } from './auction.row.js';
import { Bid } from './bid.entity.js';
import { buyItNowAvailable, maskName } from './auction.rules.js';
import { BID_MESSAGES, checkAuction, type RequestMeta } from './bid.rules.js';
import { BidderEligibilityService } from './bidder-eligibility.service.js';
import { IdempotencyKeyStore, type StoredAnswer } from './idempotency-key.store.js';
import { Database } from '../../platform/db/database.js';

/** Buy It Now: buys an auction at its price and ends it, under the auction's row lock. */
@injectable()
export class BuyItNowService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(BidderEligibilityService) private readonly eligibility: BidderEligibilityService,
    @inject(IdempotencyKeyStore) private readonly keys: IdempotencyKeyStore,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionLifecycleService) private readonly lifecycle: AuctionLifecycleService,
  ) {}

  /** Buys the auction at its Buy It Now price and ends it at once. */
  async buy(auctionId: string, actor: Actor, meta: RequestMeta): Promise<StoredAnswer> {
    const settings = await this.settings.recent();
    const user = await this.eligibility.check(actor.id, settings.bidder);
    return this.db.transaction(async (tx) => {
      const replay = await this.keys.claim(tx, actor.id, meta.idempotencyKey, `buy-it-now:${auctionId}`);
      if (replay) return replay;
      const a = await readAuction(tx, auctionId, true);
      if (!a) throw Errors.notFound('Auction');
      const now = this.clock.now();
      checkAuction(a, actor.id, settings, now, BID_MESSAGES.ownBin);
      if (!buyItNowAvailable(a, settings.pricing, now)) throw Errors.conflict('buy_it_now_unavailable', BID_MESSAGES.binUnavailable);
      const price = a.buyItNowPrice!;
      await tx.nativeUpdate(Bid, { auctionId, isWinning: true }, { isWinning: false, isOutbid: true });
      await tx.insert(Bid, {
        auctionId,
        bidderId: actor.id,
        bidAmount: money(price)!,
        bidType: 'buy_it_now',
        maxBidAmount: money(price),
        isWinning: true,
        bidderIp: meta.ip ?? null,
        bidderCountry: user.country,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      });
      // Under the row lock: the count read with it is the count.
      await tx.nativeUpdate(Auction, { id: auctionId }, { currentBid: money(price)!, totalBids: a.totalBids + 1 });
      await this.activity.record(tx, auctionId, 'bid', {
        username: maskName(user.username),
        amount: money(price)!,
        previousHighBid: money(a.currentBid)!,
        currentBid: money(price)!,
      });
      await this.lifecycle.finish(tx, { ...a, currentBid: price, totalBids: a.totalBids + 1 }, actor.id, price, user.username);
      const body: BuyItNowResultDto = {
        auctionId,
        status: 'ended',
        winnerId: actor.id,
        amount: money(price)!,
        message: `You bought "${a.title}" for $${money(price)}.`,
      };
      await this.keys.store(tx, actor.id, meta.idempotencyKey, 201, body);
      return { status: 201, body: body as unknown };
    });
  }
}
