import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { ActivityService } from './activity.service.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { BuyItNowResultDto } from './auction.dto.js';
import { money, readAuction } from './auction.repository.js';
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
    return (this.db.em).transactional(async (tx) => {
      const replay = await this.keys.claim(tx, actor.id, meta.idempotencyKey, `buy-it-now:${auctionId}`);
      if (replay) return replay;
      const a = await readAuction(tx, auctionId, true);
      if (!a) throw Errors.notFound('Auction');
      const now = this.clock.now();
      checkAuction(a, actor.id, settings, now, BID_MESSAGES.ownBin);
      if (!buyItNowAvailable(a, settings.pricing, now)) throw Errors.conflict('buy_it_now_unavailable', BID_MESSAGES.binUnavailable);
      const price = a.buyItNowPrice!;
      await tx.execute('update bids set is_winning = false, is_outbid = true where auction_id = ? and is_winning', [auctionId]);
      await tx.execute(
        `insert into bids (auction_id, bidder_id, bid_amount, bid_type, max_bid_amount, is_winning, bidder_ip, bidder_country, user_agent, created_at)
         values (?, ?, ?, 'buy_it_now', ?, true, ?, ?, ?, ?)`,
        [auctionId, actor.id, money(price), money(price), meta.ip ?? null, user.country, meta.userAgent?.slice(0, 500) ?? null, now.toISOString()],
      );
      await tx.execute('update auctions set current_bid = ?, total_bids = total_bids + 1 where id = ?', [money(price), auctionId]);
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
