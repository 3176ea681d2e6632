import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { Logger } from '../../platform/logger.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi, type UserDto } from '../accounts/index.js';
import type { AuctionRow } from './auction.row.js';
import { HOUR, type RequestMeta } from './bid.rules.js';
import { countBidsOnSeller, insertFlag, markSuspicious } from './bidding-pattern.repository.js';

/** Points a pattern adds to the bidder's suspicious-activity score. */
export const PATTERN_POINTS = { shared_ip_with_seller: 30, new_account_repeat_bidding: 20 } as const;
export type PatternType = keyof typeof PATTERN_POINTS;
/** A bidder younger than this who bids this many times on one seller's auctions is flagged. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_REPEAT_BIDS = 3;

/** What makes a bid worth a pattern check: the seller's IP address, or an account younger than a day. */
export function patternSignals(a: AuctionRow, user: Pick<UserDto, 'createdAt'>, meta: RequestMeta, now: Date) {
  return {
    sharedIp: Boolean(meta.ip && a.sellerIp && meta.ip === a.sellerIp),
    newAccount: (now.getTime() - new Date(user.createdAt).getTime()) / HOUR < NEW_ACCOUNT_HOURS,
  };
}

/** A pattern flagged on a bidder, whose score is raised after the bid commits. */
export interface PatternFlag {
  userId: string;
  pattern: PatternType;
}

/** Fraud-pattern checks of bids: flags in bidding_patterns, then the bidder's suspicious-activity score. */
@injectable()
export class BiddingPatternService {
  constructor(
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /** Flags the bid's suspicious patterns in the bid's transaction; returns the new flags. */
  async analyse(tx: SqlExecutor, a: AuctionRow, userId: string, user: UserDto, bidId: string, meta: RequestMeta): Promise<PatternFlag[]> {
    const found: { type: PatternType; description: string }[] = [];
    const { sharedIp, newAccount } = patternSignals(a, user, meta, this.clock.now());
    if (sharedIp) {
      found.push({ type: 'shared_ip_with_seller', description: `Bid from the IP address the seller scheduled the auction from (${meta.ip})` });
    }
    if (newAccount) {
      const n = await countBidsOnSeller(tx, userId, a.sellerId);
      if (n >= NEW_ACCOUNT_REPEAT_BIDS) {
        found.push({
          type: 'new_account_repeat_bidding',
          description: `Account younger than ${NEW_ACCOUNT_HOURS} hours placed ${n} bids on this seller's auctions`,
        });
      }
    }
    const created: PatternType[] = [];
    for (const f of found) {
      const at = this.clock.now();
      if (await insertFlag(tx, { userId, auctionId: a.id, type: f.type, description: f.description, riskScore: PATTERN_POINTS[f.type], at })) {
        created.push(f.type);
      }
    }
    if (found.length) await markSuspicious(tx, bidId);
    if (created.length) this.logger.info({ auctionId: a.id, userId, patterns: created }, 'bidding pattern flagged');
    return created.map((pattern) => ({ userId, pattern }));
  }

  /** Raises the flagged bidders' scores (after the bid's commit; a failure is logged, the bid stands). */
  async raiseScores(flags: readonly PatternFlag[]): Promise<void> {
    for (const { userId, pattern } of flags) {
      await this.accounts
        .addSuspicionScore(userId, PATTERN_POINTS[pattern] ?? 10)
        .catch((error: unknown) => this.logger.error({ err: error, userId }, 'could not raise the suspicion score'));
    }
  }
}
