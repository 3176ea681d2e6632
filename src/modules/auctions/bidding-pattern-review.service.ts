import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../../platform/audit.js';
import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { consoleOrder } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { AccountsApi } from '../accounts/index.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import type { BiddingPatternDto } from './bidding-pattern.dto.js';
import { BiddingPattern } from './bidding-pattern.entity.js';
import { listPatterns, readPattern, type PatternRow } from './bidding-pattern.repository.js';
import type { PatternFilter, PatternReview } from './bidding-pattern.schemas.js';
import { Database } from '../../platform/db/database.js';

export { PATTERN_SORT, type PatternSort } from './bidding-pattern.repository.js';

export const CANCEL_BIDS_MESSAGES = {
  notActive: 'Bids can only be cancelled while the auction is active',
  unsupported:
    "Cancelling bids is not available yet: the auction's price and leader would have to be recomputed. Block the bidder, or end or cancel the auction from its page instead.",
} as const;

/** The review of the flags the bidding engine records: the console's queue and the actions an admin takes. */
@injectable()
export class BiddingPatternReviewService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(AuctionSettingsService) private readonly settings: AuctionSettingsService,
    @inject(AuditLog) private readonly audit: AuditLog,
    @inject(MailQueue) private readonly mail: MailQueue,
  ) {}

  /** A page of the queue (pending first by default, then newest). */
  async list(filter: PatternFilter, page: ConsolePage): Promise<{ rows: BiddingPatternDto[]; total: number }> {
    const { rows, total } = await listPatterns(this.db.em, filter, consoleOrder(page.orderBy), page);
    return { rows: await this.toDtos(rows), total };
  }

  /** One flag. */
  async get(id: string): Promise<BiddingPatternDto> {
    const row = await readPattern(this.db.em, id);
    if (!row) throw Errors.notFound('Bidding pattern');
    const [dto] = await this.toDtos([row]);
    return dto!;
  }

  /**
   * Records an admin's review of a pending flag, in one transaction with its effects and the audit entry:
   * `warning` mails the bidder, `block_bidder` adds them to the admin's blocked-bidders list (the bid rules refuse
   * them from then on), `cancel_bids` is refused (see CANCEL_BIDS_MESSAGES). A reviewed flag is a 409.
   */
  async review(actor: Actor, id: string, review: PatternReview): Promise<BiddingPatternDto> {
    await this.db.em.transactional(async (tx) => {
      const row = await readPattern(tx, id, true);
      if (!row) throw Errors.notFound('Bidding pattern');
      if (row.status !== 'pending') {
        throw Errors.conflict('already_reviewed', 'This flag has already been reviewed', { actionTaken: 'This flag has already been reviewed' });
      }
      if (review.actionTaken === 'cancel_bids') {
        const message = row.auction_status === 'active' ? CANCEL_BIDS_MESSAGES.unsupported : CANCEL_BIDS_MESSAGES.notActive;
        throw new AppError('conflict', 'cancel_bids_unavailable', message, { actionTaken: message });
      }
      const [bidder] = await this.accounts.findBidders([row.user_id]);
      if (review.actionTaken === 'block_bidder') {
        if (!bidder) throw Errors.conflict('bidder_gone', 'The bidder no longer has an account', { actionTaken: 'The bidder no longer has an account' });
        await this.block(tx, actor.id, bidder.username);
      }
      if (review.actionTaken === 'warning' && bidder?.email) {
        await this.mail.queue(tx, {
          to: bidder.email,
          subject: 'A warning about your bidding on Pitlane',
          text: [
            `Hello ${bidder.firstName || bidder.username},`,
            '',
            `Our team reviewed your bidding on "${row.auction_title}" and found activity that breaks our bidding rules (${row.description}).`,
            ...(review.notes ? ['', review.notes] : []),
            '',
            'Further activity of this kind can lead to your account being blocked from bidding or suspended.',
            '',
            'The Pitlane team',
          ].join('\n'),
        });
      }
      const score =
        review.suspiciousActivityScore === undefined
          ? null
          : await this.accounts.setSuspicionScore(tx, actor.id, row.user_id, review.suspiciousActivityScore);
      await tx.nativeUpdate(
        BiddingPattern,
        { id },
        { status: 'reviewed', actionTaken: review.actionTaken, reviewedBy: actor.id, reviewedAt: this.clock.now() },
      );
      await this.audit.record(tx, {
        actorId: actor.id,
        action: 'bidding_pattern.reviewed',
        entityType: 'bidding_pattern',
        entityId: id,
        reason: review.notes ?? null,
        before: { status: row.status, actionTaken: row.action_taken, ...(score ? { suspiciousActivityScore: score.before } : {}) },
        after: { status: 'reviewed', actionTaken: review.actionTaken, ...(score ? { suspiciousActivityScore: score.after } : {}) },
      });
    });
    this.settings.forget();
    return this.get(id);
  }

  /** Adds the bidder to the admin's blocked-bidders list (bidder settings), audited as a settings change. */
  private async block(tx: EntityManager, actorId: string, username: string): Promise<void> {
    await this.settings.lock(tx, 'bidder');
    const bidder = (await this.settings.all(tx)).bidder;
    if (bidder.blockedBidders.some((b) => b.toLowerCase() === username.toLowerCase())) return;
    const after = { ...bidder, blockedBidders: [...bidder.blockedBidders, username] };
    await this.settings.save('bidder', after, actorId, tx);
    await this.audit.record(tx, {
      actorId,
      action: 'settings.updated',
      entityType: 'settings',
      entityId: 'bidder',
      reason: `Bidder ${username} blocked after a bidding-pattern review`,
      before: { blockedBidders: bidder.blockedBidders },
      after: { blockedBidders: after.blockedBidders },
    });
  }

  private async toDtos(rows: PatternRow[]): Promise<BiddingPatternDto[]> {
    const bidders = new Map((await this.accounts.findBidders([...new Set(rows.map((r) => r.user_id))])).map((b) => [b.id, b]));
    const blocked = new Set((await this.settings.all(this.db.em)).bidder.blockedBidders.map((b) => b.toLowerCase()));
    return rows.map((r) => {
      const bidder = bidders.get(r.user_id);
      return {
        id: r.id,
        userId: r.user_id,
        username: bidder?.username ?? 'Unknown user',
        suspiciousActivityScore: bidder?.suspiciousActivityScore ?? null,
        auctionId: r.auction_id,
        auctionTitle: r.auction_title,
        auctionStatus: r.auction_status,
        patternType: r.pattern_type,
        description: r.description,
        riskScore: r.risk_score,
        flaggedAt: new Date(r.flagged_at).toISOString(),
        status: r.status,
        actionTaken: r.action_taken,
        reviewedBy: r.reviewed_by,
        reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
        bidderBlocked: bidder ? blocked.has(bidder.username.toLowerCase()) : false,
      };
    });
  }
}
