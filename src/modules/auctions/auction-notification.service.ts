import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/uuid.js';
import { EventBus } from '../../platform/events.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { dueReminders, insertNotices, type NoticeRow } from './auction-notification.repository.js';
import { AuctionOutbidNotice } from './auction-outbid-notice.entity.js';
import { Auction } from './auction.entity.js';
import { bidderIds, readAuction } from './auction.repository.js';
import { centsOf, money } from './auction.row.js';
import { peopleTime, reserveMet, WINNER_PAY_WINDOW_MS } from './auction.rules.js';
import { AUCTION_EVENTS } from './auctions.events.js';

/** Notices read per round of a sweep. */
const SWEEP_BATCH = 500;

/** One bidder outbid by the bid with sequence number `bidSeq`. */
export interface OutbidNotice {
  auctionId: string;
  userId: string;
  bidSeq: string;
}

const HOUR = 60 * 60 * 1000;

/** The scheduled reminders: type, which moment, how long before it. */
const REMINDERS = [
  { type: 'starts-24h', at: 'start', before: 24 * HOUR, within: 23 * HOUR, title: 'starts in 24 hours' },
  { type: 'starts-1h', at: 'start', before: HOUR, within: 0, title: 'starts in 1 hour' },
  { type: 'ends-24h', at: 'end', before: 24 * HOUR, within: 23 * HOUR, title: 'ends in 24 hours' },
  { type: 'ends-1h', at: 'end', before: HOUR, within: 0, title: 'ends in 1 hour' },
] as const;

/** The auctions' mail: results, outbid notices and reminders, each sent once per auction, user and kind. */
@injectable()
export class AuctionNotificationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  private link(id: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/auctions/${id}`;
  }

  /** Emails the result to the seller and the winner (once each). */
  async notifyResult(auctionId: string): Promise<void> {
    const a = await readAuction(this.db.em, auctionId);
    if (!a || a.status !== 'ended') return;
    const link = this.link(a.id);
    const seller = await this.accounts.findUser(a.sellerId);
    const sold = a.winnerId !== null;
    if (seller?.email) {
      await this.notifyOnce(a.id, seller.id, 'result-seller', seller.email, sold
        ? { title: `Sold: ${a.title}`, message: `Your auction "${a.title}" ended and sold for $${money(a.currentBid)}.\n\n${link}` }
        : {
            title: `Ended without a sale: ${a.title}`,
            message: `Your auction "${a.title}" ended without a sale${a.totalBids > 0 && !reserveMet(a) ? ' (the reserve was not met)' : ''}.\n\n${link}`,
          });
    }
    if (a.winnerId) {
      // The order is created as the auction ends; its payment deadline runs from then.
      const payBy = new Date((a.endedAt ?? this.clock.now()).getTime() + WINNER_PAY_WINDOW_MS);
      const winner = await this.accounts.findUser(a.winnerId);
      if (winner?.email) {
        await this.notifyOnce(a.id, winner.id, 'result-winner', winner.email, {
          title: `You won: ${a.title}`,
          message: `Congratulations, you won "${a.title}" for $${money(a.currentBid)}. Payment is due now: pay at the checkout by ${peopleTime(payBy)}, or the order is cancelled. The seller ships once it is paid.\n\n${link}`,
        });
      }
    }
    // The other bidders get no mail; the notification centre tells them (each notice is stored once per auction and user).
    const losers = await bidderIds(this.db.em, a.id, a.winnerId);
    if (losers.length) {
      const message = sold ? `"${a.title}" ended and sold to another bidder for $${money(a.currentBid)}.` : `"${a.title}" ended without a sale.`;
      await this.db.transaction((tx) =>
        this.events.publish(tx, {
          name: AUCTION_EVENTS.noticesSent,
          payload: { notices: losers.map((userId) => ({ auctionId: a.id, userId, type: 'result-lost', title: `Auction ended: ${a.title}`, message })) },
        }),
      );
    }
  }

  /**
   * Mails an admin's early end or cancellation, with its reason, to every bidder and the seller (once each);
   * the result of an early end is mailed by notifyResult as for any end.
   */
  async notifyClosed(auctionId: string): Promise<void> {
    const em = this.db.em;
    const a = await em.findOne(Auction, { id: auctionId }, { fields: ['title', 'status', 'sellerId', 'closeReason'], refresh: true });
    if (!a?.closeReason || (a.status !== 'ended' && a.status !== 'cancelled')) return;
    const users = await this.accounts.findUsers([a.sellerId, ...(await bidderIds(em, a.id))]);
    const cancelled = a.status === 'cancelled';
    const title = cancelled ? `Auction cancelled: ${a.title}` : `Auction ended early: ${a.title}`;
    const what = cancelled
      ? `was cancelled by Pitlane. It has no winner and its bids are void`
      : `was ended early by Pitlane. The result stands as at the moment it ended`;
    await this.notify(
      users.flatMap((u) =>
        u.email
          ? [{
              auctionId: a.id,
              userId: u.id,
              type: cancelled ? 'admin-cancelled' : 'admin-ended',
              email: u.email,
              title,
              message: `The auction "${a.title}" ${what}.\n\nReason: ${a.closeReason}\n\n${this.link(a.id)}`,
            }]
          : [],
      ),
    );
  }

  /**
   * Mails "you have been outbid" for a batch of notices (of one auction or several), in bulk: one read of
   * the auctions, one of the bidders, one insert of the notification rows (unique per auction, bidder and bid,
   * so a retried job mails nobody twice) and one mail job. A bidder outbid several times on one auction in a
   * batch gets one mail, with the price as it is now.
   */
  async notifyOutbid(notices: OutbidNotice[]): Promise<void> {
    const latest = new Map<string, OutbidNotice>();
    for (const notice of notices) {
      const key = `${notice.auctionId}:${notice.userId}`;
      const seen = latest.get(key);
      if (!seen || BigInt(notice.bidSeq) > BigInt(seen.bidSeq)) latest.set(key, notice);
    }
    if (!latest.size) return;
    const wanted = [...latest.values()];
    const ids = [...new Set(wanted.map((n) => n.auctionId))].filter(isUuid);
    const auctions = new Map(
      (await this.db.em.find(Auction, { id: { $in: ids } }, { fields: ['title', 'currentBid'], refresh: true })).map((a) => [a.id, a]),
    );
    const emails = new Map(
      (await this.accounts.findUsers(wanted.map((n) => n.userId))).filter((u) => u.email).map((u) => [u.id, u.email!]),
    );
    await this.notify(
      wanted.flatMap((n) => {
        const a = auctions.get(n.auctionId);
        const email = emails.get(n.userId);
        if (!a || !email) return [];
        return [
          {
            auctionId: a.id,
            userId: n.userId,
            type: `outbid-${n.bidSeq}`,
            email,
            title: `You have been outbid: ${a.title}`,
            message: `Someone bid more than your maximum on "${a.title}". The current bid is $${money(centsOf(a.currentBid))}.\n\n${this.link(a.id)}`,
          },
        ];
      }),
    );
  }

  /**
   * Mails the waiting outbid notices, oldest first, SWEEP_BATCH at a time: each round mails them (notifyOutbid,
   * once per auction, bidder and outbidding bid) and then deletes them, so a sweep that dies between the two
   * leaves them for the next one, which mails nobody twice. Returns how many notices it handled.
   */
  async sweepOutbid(): Promise<number> {
    let handled = 0;
    const em = this.db.em;
    for (;;) {
      const rows = await em.find(AuctionOutbidNotice, {}, { orderBy: { id: 'asc' }, limit: SWEEP_BATCH });
      if (!rows.length) return handled;
      await this.notifyOutbid(rows.map((r) => ({ auctionId: r.auctionId, userId: r.userId, bidSeq: String(r.bidSeq) })));
      await em.nativeDelete(AuctionOutbidNotice, { id: { $in: rows.map((r) => r.id) } });
      handled += rows.length;
      if (rows.length < SWEEP_BATCH) return handled;
    }
  }

  /** Stores the notification row (unique per auction, user and type) and queues its mail, once. */
  private async notifyOnce(auctionId: string, userId: string, type: string, email: string, body: { title: string; message: string }) {
    await this.notify([{ auctionId, userId, type, email, ...body }]);
  }

  /**
   * Stores notification rows (unique per auction, user and type) and queues the mails of the new ones as one
   * mail job, in one transaction: a notification already sent is not sent again. Returns how many were new.
   */
  private async notify(items: (NoticeRow & { email: string })[]) {
    if (!items.length) return 0;
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const fresh = await insertNotices(tx, items, now);
      const mails = items
        .filter((n) => fresh.has(`${n.auctionId}:${n.userId}:${n.type}`))
        .map((n) => ({ to: n.email, subject: n.title, text: n.message }));
      await this.mail.queueMany(tx, mails);
      const notices = items.filter((n) => fresh.has(`${n.auctionId}:${n.userId}:${n.type}`));
      if (notices.length) {
        await this.events.publish(tx, {
          name: AUCTION_EVENTS.noticesSent,
          payload: { notices: notices.map(({ auctionId, userId, type, title, message }) => ({ auctionId, userId, type, title, message })) },
        });
      }
      return mails.length;
    });
  }

  /** Reminders 24 h and 1 h before start (to watchers) and before end (to watchers and bidders). */
  async sendReminders(): Promise<number> {
    const now = this.clock.now();
    let sent = 0;
    for (const r of REMINDERS) {
      const rows = await dueReminders(this.db.em, r, now);
      const emails = new Map((await this.accounts.findUsers(rows.map((row) => row.user_id))).map((u) => [u.id, u.email]));
      sent += await this.notify(
        rows.flatMap((row) => {
          const email = emails.get(row.user_id);
          if (!email) return [];
          return [
            {
              auctionId: row.id,
              userId: row.user_id,
              type: r.type,
              email,
              title: `Auction ${r.title}: ${row.title}`,
              message: `"${row.title}" ${r.title}, at ${peopleTime(new Date(row.moment))}.\n\n${this.link(row.id)}`,
            },
          ];
        }),
      );
    }
    return sent;
  }
}
