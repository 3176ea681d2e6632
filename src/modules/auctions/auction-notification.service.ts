import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { EventBus } from '../../platform/events.js';
import type { Config } from '../../platform/config.js';
import { uuidArray } from '../../platform/db/uuid.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { centsOf, money, readAuction } from './auction.repository.js';
import { reserveMet } from './auction.rules.js';
import { AUCTION_EVENTS } from './auctions.events.js';
import { Database } from '../../platform/db/database.js';

export const RESULT_TASK = 'auctions/notify-result';
export const OUTBID_TASK = 'auctions/notify-outbid';
export const CLOSED_TASK = 'auctions/notify-closed';
/**
 * The pending outbid job of an auction: notices queued while it waits for the worker join its payload (a
 * graphile-worker batch job), so a hot auction mails in bulk. Per auction, since every bid upserts its key's
 * job row and one key for all auctions would make bids on different auctions queue for that row.
 */
export const outbidJobKey = (auctionId: string) => `auction-outbid:${auctionId}`;
/**
 * Mails the notices waiting in auction_outbid_notices (issue 26: bids store their notices there instead of
 * adding a job). One job key: a bid batch that outbid someone asks for a sweep after its commit (BidBatchService),
 * the crontab sweeps every minute and at start, so notices left by a process that died are mailed too.
 */
export const OUTBID_SWEEP_TASK = 'auctions/sweep-outbid';
export const OUTBID_SWEEP_JOB_KEY = 'auctions-outbid-sweep';
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
      const winner = await this.accounts.findUser(a.winnerId);
      if (winner?.email) {
        await this.notifyOnce(a.id, winner.id, 'result-winner', winner.email, {
          title: `You won: ${a.title}`,
          message: `Congratulations, you won "${a.title}" for $${money(a.currentBid)}. The seller will be in touch about payment and shipping.\n\n${link}`,
        });
      }
    }
    // The other bidders get no mail; the notification centre tells them (each notice is stored once per auction and user).
    const em = this.db.em;
    const losers = await em.execute<{ bidder_id: string }[]>('select distinct bidder_id from bids where auction_id = ? and bidder_id is distinct from ?', [a.id, a.winnerId]);
    if (losers.length) {
      const message = sold ? `"${a.title}" ended and sold to another bidder for $${money(a.currentBid)}.` : `"${a.title}" ended without a sale.`;
      await em.transactional((tx) =>
        this.events.publish(tx, {
          name: AUCTION_EVENTS.noticesSent,
          payload: { notices: losers.map((l) => ({ auctionId: a.id, userId: l.bidder_id, type: 'result-lost', title: `Auction ended: ${a.title}`, message })) },
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
    const [a] = await em.execute<{ id: string; title: string; status: string; seller_id: string; close_reason: string | null }[]>(
      'select id, title, status, seller_id, close_reason from auctions where id = ?',
      [auctionId],
    );
    if (!a?.close_reason || (a.status !== 'ended' && a.status !== 'cancelled')) return;
    const bidders = await em.execute<{ bidder_id: string }[]>('select distinct bidder_id from bids where auction_id = ?', [a.id]);
    const users = await this.accounts.findUsers([a.seller_id, ...bidders.map((b) => b.bidder_id)]);
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
              message: `The auction "${a.title}" ${what}.\n\nReason: ${a.close_reason}\n\n${this.link(a.id)}`,
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
    const auctions = new Map(
      (await this.db.em.execute<{ id: string; title: string; current_bid: string }[]>(
        'select id, title, current_bid from auctions where id = any(?::uuid[])',
        [uuidArray(wanted.map((n) => n.auctionId))],
      )).map((a) => [a.id, a]),
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
            message: `Someone bid more than your maximum on "${a.title}". The current bid is $${money(centsOf(a.current_bid))}.\n\n${this.link(a.id)}`,
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
    for (;;) {
      const rows = await this.db.em.execute<{ id: string; auction_id: string; user_id: string; bid_seq: string }[]>(
        'select id, auction_id, user_id, bid_seq from auction_outbid_notices order by id limit ?',
        [SWEEP_BATCH],
      );
      if (!rows.length) return handled;
      await this.notifyOutbid(rows.map((r) => ({ auctionId: r.auction_id, userId: r.user_id, bidSeq: String(r.bid_seq) })));
      await this.db.em.execute('delete from auction_outbid_notices where id = any(?::bigint[])', [`{${rows.map((r) => r.id).join(',')}}`]);
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
  private async notify(items: { auctionId: string; userId: string; type: string; email: string; title: string; message: string }[]) {
    if (!items.length) return 0;
    const now = this.clock.now().toISOString();
    return this.db.em.transactional(async (tx) => {
      const inserted = await tx.execute<{ auction_id: string; user_id: string; notification_type: string }[]>(
        `insert into auction_notifications (auction_id, user_id, notification_type, scheduled_for, title, message, status, sent_at)
         select n."auctionId", n."userId", n.type, ?, n.title, n.message, 'sent', ?
           from json_to_recordset(?::json) as n("auctionId" uuid, "userId" uuid, type text, title text, message text)
         on conflict (auction_id, user_id, notification_type) do nothing returning auction_id, user_id, notification_type`,
        [now, now, JSON.stringify(items)],
      );
      const fresh = new Set(inserted.map((r) => `${r.auction_id}:${r.user_id}:${r.notification_type}`));
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
    const now = this.clock.now().getTime();
    let sent = 0;
    for (const r of REMINDERS) {
      const column = r.at === 'start' ? 'start_time' : 'end_time';
      const status = r.at === 'start' ? 'scheduled' : 'active';
      const rows = await this.db.em.execute<{ id: string; title: string; user_id: string; moment: Date }[]>(
        `select a.id, a.title, a.${column} as moment, u.user_id from auctions a
         join (select auction_id, user_id from auction_watchers
               ${r.at === 'end' ? 'union select auction_id, bidder_id from bids' : ''}) u on u.auction_id = a.id
         where a.status = ? and a.${column} > ? and a.${column} <= ? and a.${column} > ?
           and not exists (select 1 from auction_notifications n
                           where n.auction_id = a.id and n.user_id = u.user_id and n.notification_type = ?)`,
        [status, new Date(now).toISOString(), new Date(now + r.before).toISOString(), new Date(now + r.within).toISOString(), r.type],
      );
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
              message: `"${row.title}" ${r.title} (${new Date(row.moment).toISOString()}).\n\n${this.link(row.id)}`,
            },
          ];
        }),
      );
    }
    return sent;
  }
}
