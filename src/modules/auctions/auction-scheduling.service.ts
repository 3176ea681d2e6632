import { inject, injectable } from 'inversify';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { JobQueue } from '../../platform/jobs.js';
import { CatalogApi, SellerPolicy } from '../catalog/index.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { AuctionDto } from './auction.dto.js';
import { Auction } from './auction.entity.js';
import { money } from './auction.row.js';
import { AUCTION_MESSAGES, auctionRefusal } from './auction.rules.js';
import type { AuctionCreateInput } from './auction.schemas.js';
import { AuctionService } from './auction.service.js';
import { addStartAndEndJobs } from './auctions.tasks.js';

function humanDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The clash of a second open auction of one part with `auctions_one_open_per_part`. */
export function isOpenAuctionClash(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException && error.message.includes('auctions_one_open_per_part');
}

const partInAuction = () =>
  Errors.conflict('part_in_auction', AUCTION_MESSAGES.partInAuction, { partId: AUCTION_MESSAGES.partInAuction });

/** A seller scheduling an auction of their own part: the form's rules, the admin's pricing rules, the part's state. */
@injectable()
export class AuctionSchedulingService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(SellerPolicy) private readonly sellers: SellerPolicy,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(AuctionService) private readonly auctions: AuctionService,
  ) {}

  /** Schedules an auction of one of the seller's own active parts. */
  async create(input: AuctionCreateInput, actor: Actor, sellerIp: string | undefined): Promise<AuctionDto> {
    if (!(await this.sellers.listingTerms(actor.id, actor.role)).canList) throw Errors.forbidden(AUCTION_MESSAGES.notSeller);
    const bad = (field: string, message: string) => Errors.invalid('validation_failed', message, { [field]: message });
    const [part] = await this.catalog.findParts([input.partId]);
    if (!part) throw bad('partId', AUCTION_MESSAGES.partNotFound);
    if (part.sellerId !== actor.id) throw Errors.forbidden(AUCTION_MESSAGES.notOwnPart);
    const refusal = auctionRefusal(part);
    if (refusal?.kind === 'invalid') throw bad('partId', refusal.message);

    const now = this.clock.now();
    const { auction, pricing } = await this.settings.all();
    if (input.startTime.getTime() <= now.getTime()) throw bad('startTime', AUCTION_MESSAGES.startFuture);
    if (input.endTime.getTime() <= input.startTime.getTime()) throw bad('endTime', AUCTION_MESSAGES.endAfterStart);
    const duration = (input.endTime.getTime() - input.startTime.getTime()) / 1000;
    if (duration < auction.minimumAuctionDuration) {
      throw bad('endTime', `Auctions must run for at least ${humanDuration(auction.minimumAuctionDuration)}`);
    }

    const start = input.startingBid;
    const reserve = input.reservePrice ?? null;
    if (input.auctionType === 'reserve' && reserve === null) throw bad('reservePrice', AUCTION_MESSAGES.reserveRequired);
    if (reserve !== null) {
      if (!pricing.allowReservePrices) throw bad('reservePrice', AUCTION_MESSAGES.reserveNotAllowed);
      if (reserve < start) throw bad('reservePrice', AUCTION_MESSAGES.reserveBelowStart);
      const max = Math.floor((start * (100 * 100 + Math.round(pricing.maxReservePercentage * 100))) / (100 * 100));
      if (reserve > max) {
        throw bad('reservePrice', `Reserve price can be at most ${pricing.maxReservePercentage}% above the starting bid (${money(max)})`);
      }
    }
    const bin = input.buyItNowPrice ?? null;
    if (bin !== null) {
      if (!pricing.allowBuyItNow) throw bad('buyItNowPrice', AUCTION_MESSAGES.binNotAllowed);
      const min = Math.ceil((start * Math.round(pricing.minBuyItNowMultiplier * 100)) / 100);
      if (bin < min) throw bad('buyItNowPrice', `Buy It Now price must be at least ${money(min)}`);
      if (reserve !== null && bin < reserve) throw bad('buyItNowPrice', AUCTION_MESSAGES.binBelowReserve);
    }
    const increment = input.bidIncrement ?? Math.round(auction.defaultBidIncrement * 100);
    // The part's state conflicts (sold, in another auction) come after the form's own mistakes.
    if (refusal) throw Errors.conflict(refusal.code, refusal.message, { partId: refusal.message });

    const id = await this.db
      .transaction(async (tx) => {
        // An ended auction with a winner sold the part, though the catalog may not have marked it sold yet.
        if (await tx.count(Auction, { partId: part.id, winnerId: { $ne: null } })) {
          throw Errors.conflict('part_sold', AUCTION_MESSAGES.partSold, { partId: AUCTION_MESSAGES.partSold });
        }
        const created = tx.create(Auction, {
          partId: part.id,
          sellerId: actor.id,
          auctionType: reserve !== null ? 'reserve' : 'standard',
          title: input.title,
          description: input.description,
          startingBid: money(start)!,
          reservePrice: money(reserve),
          buyItNowPrice: money(bin),
          bidIncrement: money(increment)!,
          startTime: input.startTime,
          endTime: input.endTime,
          autoExtendTrigger: input.autoExtendTrigger,
          autoExtendTime: input.autoExtendTime,
          maxExtensions: input.maxExtensions,
          autoRelist: input.autoRelist,
          maxRelists: input.maxRelists,
          relistPriceReduction: input.relistPriceReduction,
          relistDelay: input.relistDelay,
          allowProxy: auction.allowProxy,
          shippingCost: money(input.shippingCost ?? null),
          conditions: input.condition ?? part.condition,
          location: input.location ?? part.location,
          sellerIp: sellerIp ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await tx.flush();
        await addStartAndEndJobs(this.jobs, tx, created.id, input.startTime, input.endTime);
        return created.id;
      })
      .catch((error: unknown) => {
        throw isOpenAuctionClash(error) ? partInAuction() : error;
      });
    return this.auctions.get(id, actor);
  }
}
