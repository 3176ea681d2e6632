import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi, type BidderDto, type UserDto } from '../accounts/index.js';
import { ActivityService, type ActivityData, type ActivityType } from './activity.service.js';
import {
  buyItNowAvailable,
  centsOf,
  lockForBid,
  maskName,
  money,
  nextMinimum,
  ownIncrement,
  readAuction,
  type AuctionRow,
} from './auction.model.js';
import type { BidInput } from './auction.schemas.js';
import { endJobKey, END_TASK } from './auction.service.js';
import { AuctionLifecycle, OUTBID_TASK } from './lifecycle.service.js';
import { placeBid, type StandingMax } from './proxy-engine.js';
import { AuctionSettingsService, type AllSettings, type BidderSettings } from './settings.js';

export const BID_MESSAGES = {
  notActive: 'This auction is not open for bidding yet',
  ended: 'This auction has ended',
  ownAuction: 'You cannot bid on your own auction',
  blocked: 'You are not allowed to bid on auctions',
  verification: 'Please verify your email address before bidding',
  country: 'Bidding is not available in your country',
  approval: 'Bidding requires approval by an admin; contact support to be approved for this auction',
  suspicious: 'Bidding is paused on your account while it is reviewed',
  proxyOff: 'Proxy bidding is not allowed on this auction',
  maxBelowBid: 'Maximum bid must be at least the bid amount',
  binUnavailable: 'Buy It Now is no longer available for this auction',
  ownBin: 'You cannot buy your own auction',
} as const;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  idempotencyKey?: string;
}

export interface BidResultDto {
  bid: { id: string; auctionId: string; bidAmount: string; maxBidAmount: string | null; bidType: string; createdAt: string };
  auctionId: string;
  isWinning: boolean;
  currentBid: string;
  minimumNextBid: string;
  totalBids: number;
  endTime: string;
  extensions: number;
  extended: boolean;
  message: string;
}

export interface BuyItNowResultDto {
  auctionId: string;
  status: 'ended';
  winnerId: string;
  amount: string;
  message: string;
}

function tooLow(minimumCents: number): AppError {
  const message = `Minimum bid is ${money(minimumCents)}`;
  return new AppError('invalid', 'bid_too_low', message, { bidAmount: message });
}

const HOUR = 60 * 60 * 1000;
const PATTERN_POINTS = { shared_ip_with_seller: 30, new_account_repeat_bidding: 20 } as const;
/** A bidder younger than this who bids this many times on one seller's auctions is flagged. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_REPEAT_BIDS = 3;

/** Bids and Buy It Now: each serialised per auction by a row lock, in plain SQL inside one transaction. */
@injectable()
export class BiddingService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(ActivityService) private readonly activity: ActivityService,
    @inject(AuctionLifecycle) private readonly lifecycle: AuctionLifecycle,
  ) {}

  /** Bids under way in this process, per auction. */
  private readonly inFlight = new Map<string, number>();

  /** The admin's bidder rules, checked before the lock (they do not depend on the auction's state). */
  private async eligibleUser(actor: Actor, bidder: BidderSettings): Promise<BidderDto> {
    const user = await this.accounts.findBidder(actor.id);
    if (!user) throw Errors.unauthorized();
    const now = this.clock.now().getTime();
    if (bidder.blockedBidders.some((b) => b.toLowerCase() === user.username.toLowerCase())) throw Errors.forbidden(BID_MESSAGES.blocked);
    if (bidder.requireBidderVerification && !user.isVerified) throw Errors.forbidden(BID_MESSAGES.verification);
    const ageHours = (now - new Date(user.createdAt).getTime()) / HOUR;
    if (ageHours < bidder.minAccountAgeHours) {
      throw Errors.forbidden(`Your account must be at least ${bidder.minAccountAgeHours} hours old to bid`);
    }
    if (bidder.allowedCountries.length && !bidder.allowedCountries.some((c) => c.toLowerCase() === user.country.toLowerCase())) {
      throw Errors.forbidden(BID_MESSAGES.country);
    }
    if (bidder.patternAnalysisEnabled && user.suspiciousActivityScore >= bidder.maxSuspiciousScore) {
      throw Errors.forbidden(BID_MESSAGES.suspicious);
    }
    return user;
  }

  /** Rules that depend on the (locked) auction. */
  private checkAuction(a: AuctionRow, actor: Actor, settings: AllSettings, ownMessage: string): void {
    const now = this.clock.now().getTime();
    if (a.sellerId === actor.id) throw Errors.forbidden(ownMessage);
    if (a.status === 'ended' || (a.status === 'active' && now >= a.endTime.getTime())) throw Errors.conflict('auction_ended', BID_MESSAGES.ended);
    if (a.status !== 'active') throw Errors.conflict('auction_not_active', BID_MESSAGES.notActive);
    if (settings.bidder.requireApproval && !a.allowedBidders.includes(actor.id)) throw Errors.forbidden(BID_MESSAGES.approval);
  }

  private checkProxy(a: AuctionRow, input: BidInput, settings: AllSettings): void {
    if (input.maxBidAmount !== undefined && input.maxBidAmount > input.bidAmount && (!a.allowProxy || !settings.auction.allowProxy)) {
      throw Errors.invalid('proxy_not_allowed', BID_MESSAGES.proxyOff, { maxBidAmount: BID_MESSAGES.proxyOff });
    }
  }

  /**
   * Claims an idempotency key in the transaction. Returns the stored answer of an earlier request with the
   * same key (a concurrent one waits on the unique key until the first commits), or null to go ahead.
   */
  private async claimKey(tx: EntityManager, actor: Actor, key: string | undefined, endpoint: string) {
    if (!key) return null;
    const claimed = await tx.execute<{ key: string }[]>(
      `insert into auction_idempotency_keys (user_id, key, endpoint, status, response, created_at)
       values (?, ?, ?, 0, 'null'::jsonb, ?) on conflict (user_id, key) do nothing returning key`,
      [actor.id, key, endpoint, this.clock.now().toISOString()],
    );
    if (claimed.length) return null;
    const [stored] = await tx.execute<{ endpoint: string; status: number; response: unknown }[]>(
      'select endpoint, status, response from auction_idempotency_keys where user_id = ? and key = ?',
      [actor.id, key],
    );
    if (!stored || stored.endpoint !== endpoint) {
      throw Errors.conflict('idempotency_key_reused', 'This Idempotency-Key was already used for another request');
    }
    return { status: stored.status, body: stored.response };
  }

  private async storeKey(tx: EntityManager, actor: Actor, key: string | undefined, status: number, body: unknown) {
    if (!key) return;
    await tx.execute('update auction_idempotency_keys set status = ?, response = ?::jsonb where user_id = ? and key = ?', [
      status,
      JSON.stringify(body),
      actor.id,
      key,
    ]);
  }

  /** Places a bid (with an optional proxy maximum) for the signed-in user. */
  async bid(auctionId: string, input: BidInput, actor: Actor, meta: RequestMeta): Promise<{ status: number; body: unknown }> {
    const settings = await this.settings.recent();
    const user = await this.eligibleUser(actor, settings.bidder);
    if (input.maxBidAmount !== undefined && input.maxBidAmount < input.bidAmount) {
      throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
    }
    const busy = this.inFlight.get(auctionId) ?? 0;
    this.inFlight.set(auctionId, busy + 1);
    try {
      // While another bid on this auction is under way here, the auction is contended: a bid below the minimum
      // of the last committed state can only be lower still under the lock (the price and the bid count never
      // go down), so it is answered without queueing for the row lock. The same rules, in the same order, run
      // again under the lock. A request with an Idempotency-Key may be the retry of one that succeeded: its
      // stored answer comes first, from the transaction.
      if (busy > 0 && meta.idempotencyKey === undefined) {
        const seen = await readAuction(this.orm.em.fork() as EntityManager, auctionId);
        if (!seen) throw Errors.notFound('Auction');
        this.checkAuction(seen, actor, settings, BID_MESSAGES.ownAuction);
        this.checkProxy(seen, input, settings);
        if (input.bidAmount < nextMinimum(seen)) throw tooLow(nextMinimum(seen));
      }
      return await this.placeLocked(auctionId, input, actor, meta, settings, user);
    } finally {
      const left = (this.inFlight.get(auctionId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(auctionId, left);
      else this.inFlight.delete(auctionId);
    }
  }

  /** The bid's transaction: claim the key, lock the auction, run the proxy engine, store the outcome. */
  private async placeLocked(
    auctionId: string,
    input: BidInput,
    actor: Actor,
    meta: RequestMeta,
    settings: AllSettings,
    user: UserDto,
  ): Promise<{ status: number; body: unknown }> {
    const flags: string[] = [];
    const result = await (this.orm.em.fork() as EntityManager).transactional(async (tx) => {
      const replay = await this.claimKey(tx, actor, meta.idempotencyKey, `bid:${auctionId}`);
      if (replay) return replay;
      // Inside the lock: this call, auction_apply_bid (bid rows, auction, activity and NOTIFY), the outbid job,
      // commit. Everything that does not depend on the auction's state was read before the transaction.
      const locked = await lockForBid(tx, auctionId, actor.id);
      if (!locked) throw Errors.notFound('Auction');
      const { auction: a, maxima } = locked;
      this.checkAuction(a, actor, settings, BID_MESSAGES.ownAuction);
      this.checkProxy(a, input, settings);

      const outcome = placeBid(
        {
          startingBidCents: a.startingBid,
          incrementCents: ownIncrement(a),
          reserveCents: a.reservePrice,
          currentBidCents: a.currentBid,
          totalBids: a.totalBids,
          maxima: maxima.map((m): StandingMax => ({ bidderId: m.bidder_id, maxCents: centsOf(m.max), seq: Number(m.seq) })),
        },
        { bidderId: actor.id, bidCents: input.bidAmount, maxCents: input.maxBidAmount ?? null, seq: Number.MAX_SAFE_INTEGER },
      );
      if (!outcome.ok) {
        if (outcome.reason === 'below_minimum') throw tooLow(outcome.minimumCents);
        if (outcome.reason === 'already_leading') {
          const message = `You are already the highest bidder; to raise your maximum, offer more than ${money(outcome.maxCents)}`;
          throw new AppError('invalid', 'already_leading', message, { maxBidAmount: message });
        }
        throw Errors.invalid('validation_failed', BID_MESSAGES.maxBelowBid, { maxBidAmount: BID_MESSAGES.maxBelowBid });
      }

      const now = this.clock.now();
      // Anti-sniping: a bid in the last `autoExtendTrigger` seconds moves the end.
      let endTime = a.endTime;
      let extensions = a.currentExtensions;
      const extend =
        a.autoExtendTime > 0 &&
        extensions < a.maxExtensions &&
        now.getTime() >= a.endTime.getTime() - a.autoExtendTrigger * 1000;
      if (extend) {
        endTime = new Date(a.endTime.getTime() + a.autoExtendTime * 1000);
        extensions++;
      }

      // The bid's activity (bid, outbid, extension), stored and announced with the bid.
      const ownIndex = outcome.records.findIndex((r) => r.bidderId === actor.id && r.type === 'regular');
      const ownAmount = outcome.records[ownIndex]!.amountCents;
      const previous = money(a.currentBid)!;
      const current = money(outcome.state.currentBidCents)!;
      const items: { type: ActivityType; data: ActivityData }[] = [
        { type: 'bid', data: { username: maskName(user.username), amount: money(ownAmount)!, previousHighBid: previous, currentBid: current } },
      ];
      const outbid = outcome.outbidAtOnce ? actor.id : outcome.outbidId;
      if (outbid) items.push({ type: 'outbid', data: { previousHighBid: previous, currentBid: current } });
      if (extend) items.push({ type: 'extension', data: { extensionTime: a.autoExtendTime, currentBid: current } });
      const activity = this.activity.prepare(auctionId, items);

      // The engine's rows in order; auction_apply_bid flags the leader's last row as the winning one.
      const rows = outcome.records.map((record, i) => ({
        bidderId: record.bidderId,
        amount: money(record.amountCents),
        type: record.type,
        max: money(record.maxCents),
        ip: i === ownIndex ? (meta.ip ?? null) : null,
        country: i === ownIndex ? user.country : null,
        userAgent: i === ownIndex ? (meta.userAgent?.slice(0, 500) ?? null) : null,
      }));
      const [applied] = await tx.execute<{ applied: { bids: { id: string; seq: string; createdAt: string }[]; totalBids: number } }[]>(
        'select auction_apply_bid(?, ?::json, ?, ?, ?, ?, ?, ?::json, ?, ?::json) as applied',
        [
          auctionId,
          JSON.stringify(rows),
          outcome.leaderId,
          current,
          endTime.toISOString(),
          extensions,
          now.toISOString(),
          activity.rows,
          activity.channel,
          activity.notices,
        ],
      );
      const stored = applied!.applied.bids[ownIndex]!;
      const ownRow = {
        id: stored.id,
        seq: stored.seq,
        created_at: new Date(stored.createdAt),
        amount: ownAmount,
        max: input.maxBidAmount ?? null,
      };
      const after: AuctionRow = {
        ...a,
        currentBid: outcome.state.currentBidCents,
        totalBids: applied!.applied.totalBids,
        endTime,
        currentExtensions: extensions,
      };
      if (extend) {
        await this.jobs.add(tx, END_TASK, { auctionId }, { runAt: endTime, jobKey: endJobKey(auctionId), jobKeyMode: 'replace' });
      }
      if (outbid && outbid !== actor.id) {
        await this.jobs.add(tx, OUTBID_TASK, { auctionId, userId: outbid, bidSeq: String(ownRow.seq) });
      }
      if (settings.bidder.patternAnalysisEnabled) flags.push(...(await this.analyse(tx, a, actor, user, ownRow!.id, meta)));

      const isWinning = outcome.leaderId === actor.id;
      const body: BidResultDto = {
        bid: {
          id: ownRow!.id,
          auctionId,
          bidAmount: money(ownRow!.amount)!,
          maxBidAmount: money(ownRow!.max),
          bidType: 'regular',
          createdAt: new Date(ownRow!.created_at).toISOString(),
        },
        auctionId,
        isWinning,
        currentBid: money(after.currentBid)!,
        minimumNextBid: money(nextMinimum(after))!,
        totalBids: after.totalBids,
        endTime: endTime.toISOString(),
        extensions,
        extended: extend,
        message: isWinning
          ? 'Your bid was placed. You are the highest bidder.'
          : "Your bid was placed, but another bidder's maximum is higher. You have been outbid.",
      };
      await this.storeKey(tx, actor, meta.idempotencyKey, 201, body);
      return { status: 201, body: body as unknown };
    });
    for (const pattern of flags) {
      await this.accounts.addSuspicionScore(actor.id, PATTERN_POINTS[pattern as keyof typeof PATTERN_POINTS] ?? 10);
    }
    return result;
  }

  /** Flags suspicious bidding in bidding_patterns; returns the new flags (the scores are raised after commit). */
  private async analyse(tx: EntityManager, a: AuctionRow, actor: Actor, user: UserDto, bidId: string, meta: RequestMeta) {
    const found: { type: keyof typeof PATTERN_POINTS; description: string }[] = [];
    if (meta.ip && a.sellerIp && meta.ip === a.sellerIp) {
      found.push({ type: 'shared_ip_with_seller', description: `Bid from the IP address the seller scheduled the auction from (${meta.ip})` });
    }
    const ageHours = (this.clock.now().getTime() - new Date(user.createdAt).getTime()) / HOUR;
    if (ageHours < NEW_ACCOUNT_HOURS) {
      const [count] = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from bids b join auctions x on x.id = b.auction_id
         where b.bidder_id = ? and b.bid_type = 'regular' and x.seller_id = ?`,
        [actor.id, a.sellerId],
      );
      if (count!.n >= NEW_ACCOUNT_REPEAT_BIDS) {
        found.push({
          type: 'new_account_repeat_bidding',
          description: `Account younger than ${NEW_ACCOUNT_HOURS} hours placed ${count!.n} bids on this seller's auctions`,
        });
      }
    }
    const created: string[] = [];
    for (const f of found) {
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into bidding_patterns (user_id, auction_id, pattern_type, description, risk_score, flagged_at)
         values (?, ?, ?, ?, ?, ?) on conflict (user_id, auction_id, pattern_type) do nothing returning id`,
        [actor.id, a.id, f.type, f.description, PATTERN_POINTS[f.type], this.clock.now().toISOString()],
      );
      if (inserted.length) created.push(f.type);
    }
    if (found.length) await tx.execute('update bids set suspicious_flag = true where id = ?', [bidId]);
    if (created.length) this.logger.info({ auctionId: a.id, userId: actor.id, patterns: created }, 'bidding pattern flagged');
    return created;
  }

  /** Buys the auction at its Buy It Now price and ends it at once. */
  async buyItNow(auctionId: string, actor: Actor, meta: RequestMeta): Promise<{ status: number; body: unknown }> {
    const settings = await this.settings.recent();
    const user = await this.eligibleUser(actor, settings.bidder);
    return (this.orm.em.fork() as EntityManager).transactional(async (tx) => {
      const replay = await this.claimKey(tx, actor, meta.idempotencyKey, `buy-it-now:${auctionId}`);
      if (replay) return replay;
      const a = await readAuction(tx, auctionId, true);
      if (!a) throw Errors.notFound('Auction');
      this.checkAuction(a, actor, settings, BID_MESSAGES.ownBin);
      const now = this.clock.now();
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
      await this.storeKey(tx, actor, meta.idempotencyKey, 201, body);
      return { status: 201, body: body as unknown };
    });
  }
}
