import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { SellersApi } from '../sellers/index.js';
import { MATCHING_SELLERS_TASK, NEW_QUOTES_TASK, newQuotesJobKey } from './reverse.jobs.js';
import { money, readReverse, type ReverseRow } from './reverse.repository.js';
import { awardDeadline, NEW_QUOTE_MAIL_INTERVAL_MS } from './reverse.rules.js';
import { REVERSE_EVENTS } from './reverse.events.js';
import { Database } from '../../platform/db/database.js';

const HOUR = 60 * 60 * 1000;
/** Sellers notified per job of the matching-sellers fan-out. */
export const MATCHING_PAGE = 200;
/** Quote notices handled per round of the sweep. */
const QUOTE_SWEEP_BATCH = 200;
/** Where the matching sellers come from: their specialties (sellers), then their public listings (catalog). */
export const MATCHING_SOURCES = ['specialties', 'parts'] as const;
export type MatchingSource = (typeof MATCHING_SOURCES)[number];

/** Reminders before the end, to watchers and sellers who quoted: type, how long before, the window's far edge. */
const REMINDERS = [
  { type: 'ends-24h', before: 24 * HOUR, within: 23 * HOUR, title: 'ends in 24 hours' },
  { type: 'ends-1h', before: HOUR, within: 0, title: 'ends in 1 hour' },
] as const;

export interface Notice {
  userId: string;
  type: string;
  email: string;
  title: string;
  message: string;
}

/**
 * The reverse auctions' mail: matching sellers when a request opens, reminders, new quotes (grouped), outquoted
 * sellers, results and cancellations. Each is stored in auction_notifications (unique per request, user and
 * kind) in the transaction that queues its mail, so none is sent twice.
 */
@injectable()
export class ReverseNotificationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellersApi) private readonly sellers: SellersApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  link(id: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/reverse-auctions/${id}`;
  }

  /** Stores the notices of request `id` and queues the mail of the new ones, in `tx`. Returns how many were new. */
  async notify(tx: SqlExecutor, id: string, items: Notice[]): Promise<number> {
    if (!items.length) return 0;
    const now = this.clock.now().toISOString();
    const inserted = await tx.execute<{ user_id: string; notification_type: string }[]>(
      `insert into auction_notifications (reverse_auction_id, user_id, notification_type, scheduled_for, title, message, status, sent_at)
       select ?, n."userId", n.type, ?, n.title, n.message, 'sent', ?
         from json_to_recordset(?::json) as n("userId" uuid, type text, title text, message text)
       on conflict (reverse_auction_id, user_id, notification_type) where reverse_auction_id is not null do nothing
       returning user_id, notification_type`,
      [id, now, now, JSON.stringify(items)],
    );
    const fresh = new Set(inserted.map((r) => `${r.user_id}:${r.notification_type}`));
    const mails = items.filter((n) => fresh.has(`${n.userId}:${n.type}`)).map((n) => ({ to: n.email, subject: n.title, text: n.message }));
    await this.mail.queueMany(tx, mails);
    const notices = items.filter((n) => fresh.has(`${n.userId}:${n.type}`));
    if (notices.length) {
      await this.events.publish(tx, {
        name: REVERSE_EVENTS.noticesSent,
        payload: { notices: notices.map(({ userId, type, title, message }) => ({ reverseAuctionId: id, userId, type, title, message })) },
      });
    }
    return mails.length;
  }

  private async emails(ids: string[]): Promise<Map<string, string>> {
    return new Map((ids.length ? await this.accounts.findUsers(ids) : []).map((u) => [u.id, u.email ?? '']));
  }

  private describe(r: ReverseRow): string {
    const vehicle = [r.make, r.model].filter(Boolean).join(' ');
    return `${r.partCategory}${vehicle ? ` for ${vehicle}` : ''}, budget up to $${money(r.maxBudget)}`;
  }

  /**
   * Tells approved sellers that a request opened when their specialties name its category or make (source
   * `specialties`), then those with a public listing in that category or of that make (source `parts`, asked of
   * the catalog and kept to approved sellers): one page of MATCHING_PAGE sellers per job, the next page in a job of
   * its own (a bounded fan-out). A seller matched both ways is told once (the notice is unique per kind).
   */
  async notifyMatchingSellers(id: string, after: string | null, source: MatchingSource = 'specialties'): Promise<number> {
    const r = await readReverse(this.db.em, id);
    if (!r || r.status !== 'active') return 0;
    let page: string[];
    let users: string[];
    if (source === 'specialties') {
      const terms = [r.partCategory, r.make].filter((t): t is string => !!t);
      page = await this.sellers.sellersWithSpecialties(terms, after, MATCHING_PAGE);
      users = page;
    } else {
      page = await this.catalog.sellersListing({ category: r.partCategory, make: r.make }, after, MATCHING_PAGE);
      const approved = await this.sellers.quoteProfiles(page);
      users = page.filter((u) => approved.has(u));
    }
    users = users.filter((u) => u !== r.buyerId);
    const emails = await this.emails(users);
    return this.db.em.transactional(async (tx) => {
      const sent = await this.notify(
        tx,
        id,
        users.flatMap((userId) => {
          const email = emails.get(userId);
          if (!email) return [];
          return [{ userId, type: 'new-request', email, title: `Wanted: ${r.title}`, message: `A buyer is looking for "${r.title}" (${this.describe(r)}). Quotes close ${r.endTime.toISOString()}.\n\n${this.link(id)}` }];
        }),
      );
      if (page.length === MATCHING_PAGE) {
        await this.jobs.add(tx, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: page[page.length - 1], source });
      } else if (source === 'specialties') {
        await this.jobs.add(tx, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: null, source: 'parts' });
      }
      return sent;
    });
  }

  /**
   * Mails the buyer the quotes that arrived since the last such mail, at most once per NEW_QUOTE_MAIL_INTERVAL_MS
   * per request: a run inside the interval moves the job to its end.
   */
  async notifyNewQuotes(id: string): Promise<number> {
    const r = await readReverse(this.db.em, id);
    if (!r) return 0;
    const buyer = await this.accounts.findUser(r.buyerId);
    return this.db.em.transactional(async (tx) => {
      const [state] = await tx.execute<{ notified: string }[]>(
        'select quotes_notified_seq::text as notified from reverse_auctions where id = ? for update',
        [id],
      );
      const [last] = await tx.execute<{ sent_at: Date | null }[]>(
        `select max(sent_at) as sent_at from auction_notifications
         where reverse_auction_id = ? and user_id = ? and notification_type like 'new-quotes-%'`,
        [id, r.buyerId],
      );
      const now = this.clock.now().getTime();
      const lastSent = last?.sent_at ? new Date(last.sent_at).getTime() : null;
      if (lastSent !== null && now - lastSent < NEW_QUOTE_MAIL_INTERVAL_MS) {
        await this.jobs.add(tx, NEW_QUOTES_TASK, { reverseAuctionId: id }, {
          runAt: new Date(lastSent + NEW_QUOTE_MAIL_INTERVAL_MS),
          jobKey: newQuotesJobKey(id),
          jobKeyMode: 'replace',
        });
        return 0;
      }
      const [fresh] = await tx.execute<{ n: number; top: string | null; low: string | null }[]>(
        `select count(*)::int as n, max(seq)::text as top, min(bid_amount)::text as low
         from reverse_auction_bids where reverse_auction_id = ? and seq > ?::bigint`,
        [id, state!.notified],
      );
      if (!fresh || fresh.n === 0 || !buyer?.email) return 0;
      await tx.execute('update reverse_auctions set quotes_notified_seq = ?::bigint where id = ?', [fresh.top, id]);
      const what = fresh.n === 1 ? 'A new quote' : `${fresh.n} new quotes`;
      return this.notify(tx, id, [
        {
          userId: r.buyerId,
          type: `new-quotes-${fresh.top}`,
          email: buyer.email,
          title: `${what} on "${r.title}"`,
          message: `${what} arrived on your request "${r.title}". The lowest of them is $${fresh.low}; the best quote so far is $${money(r.currentLowestBid) ?? fresh.low}.\n\n${this.link(id)}`,
        },
      ]);
    });
  }

  /**
   * Works through the notices quotes left (reverse_quote_notices): queues each request's grouped new-quotes mail
   * (one pending job per request, keeping its time) and tells outquoted sellers. A row goes once its work is
   * done; the notifications' unique keys make a second run harmless.
   */
  async sweepQuoteNotices(): Promise<number> {
    let handled = 0;
    for (;;) {
      // A batch is claimed in a transaction held while its work is done: a sweep running beside this one skips
      // these rows, and they are deleted only when the work is done (a crash leaves them for the next sweep).
      const swept = await this.db.em.transactional(async (claim) => {
        const rows = await claim.execute<{ id: string; reverse_auction_id: string; outquoted_seller_id: string | null; bid_seq: string }[]>(
          `select id, reverse_auction_id, outquoted_seller_id, bid_seq::text from reverse_quote_notices
            order by id limit ? for update skip locked`,
          [QUOTE_SWEEP_BATCH],
        );
        if (!rows.length) return 0;
        // In a fixed order, so two transactions queueing the same requests' jobs never wait for each other in a circle.
        const requests = [...new Set(rows.map((r) => r.reverse_auction_id))].sort();
        await this.db.em.transactional(async (tx) => {
          for (const id of requests) {
            await this.jobs.add(tx, NEW_QUOTES_TASK, { reverseAuctionId: id }, { jobKey: newQuotesJobKey(id), jobKeyMode: 'preserve_run_at' });
          }
        });
        for (const r of rows) if (r.outquoted_seller_id) await this.notifyOutquoted(r.reverse_auction_id, r.outquoted_seller_id, r.bid_seq);
        await claim.execute('delete from reverse_quote_notices where id = any(?::bigint[])', [`{${rows.map((r) => r.id).join(',')}}`]);
        return rows.length;
      });
      handled += swept;
      if (swept < QUOTE_SWEEP_BATCH) return handled;
    }
  }

  /** Tells a seller their quote is no longer the lowest (once per quote that beat it). */
  async notifyOutquoted(id: string, sellerId: string, bidSeq: string): Promise<number> {
    const r = await readReverse(this.db.em, id);
    const seller = await this.accounts.findUser(sellerId);
    if (!r || !seller?.email) return 0;
    return this.db.em.transactional((tx) =>
      this.notify(tx, id, [
        {
          userId: sellerId,
          type: `outquoted-${bidSeq}`,
          email: seller.email!,
          title: `You have been outquoted: ${r.title}`,
          message: `Another seller quoted less than you on "${r.title}". The best quote is now $${money(r.currentLowestBid)}; you may quote again while the request is open.\n\n${this.link(id)}`,
        },
      ]),
    );
  }

  /** Mails what the end of a request means: to the buyer when it ends or closes unawarded, to every quoting seller on an award. */
  async notifyResult(id: string): Promise<number> {
    const r = await readReverse(this.db.em, id);
    if (!r || r.status !== 'ended') return 0;
    const quoted = await this.db.em.execute<{ seller_id: string }[]>('select distinct seller_id from reverse_auction_bids where reverse_auction_id = ?', [id]);
    const emails = await this.emails([r.buyerId, ...quoted.map((q) => q.seller_id)]);
    const link = this.link(id);
    const items: Notice[] = [];
    const buyerEmail = emails.get(r.buyerId);
    if (r.awardStatus === 'awarded') {
      for (const { seller_id } of quoted) {
        const email = emails.get(seller_id);
        if (!email) continue;
        items.push(
          seller_id === r.winningBidderId
            ? { userId: seller_id, type: 'awarded', email, title: `Your quote was accepted: ${r.title}`, message: `The buyer accepted your quote on "${r.title}". Please get in touch with them to arrange payment and delivery.\n\n${link}` }
            : { userId: seller_id, type: 'not-awarded', email, title: `Request awarded to another seller: ${r.title}`, message: `The buyer of "${r.title}" chose another quote. Thank you for quoting.\n\n${link}` },
        );
      }
    } else if (buyerEmail && r.awardStatus === 'unawarded') {
      const why = r.totalBids === 0 ? 'ended without quotes' : 'closed without an award';
      items.push({ userId: r.buyerId, type: 'closed', email: buyerEmail, title: `Your request ${why}: ${r.title}`, message: `Your request "${r.title}" ${why}.${r.autoRelist && r.relistCount < r.maxRelists ? ` It will be relisted in ${r.relistDelay} hours.` : ''}\n\n${link}` });
    } else if (buyerEmail) {
      items.push({ userId: r.buyerId, type: 'ended', email: buyerEmail, title: `Your request ended: ${r.title}`, message: `Your request "${r.title}" ended with ${r.totalBids} quote${r.totalBids === 1 ? '' : 's'}; the best is $${money(r.currentLowestBid)}. You may award it to any quote until ${awardDeadline(r.endedAt)?.toISOString()}.\n\n${link}` });
    }
    return this.db.em.transactional((tx) => this.notify(tx, id, items));
  }

  /** Mails the buyer an admin's cancellation with its reason. */
  async notifyCancelled(id: string): Promise<number> {
    const r = await readReverse(this.db.em, id);
    if (!r || r.status !== 'cancelled') return 0;
    const buyer = await this.accounts.findUser(r.buyerId);
    if (!buyer?.email) return 0;
    return this.db.em.transactional((tx) =>
      this.notify(tx, id, [
        {
          userId: r.buyerId,
          type: 'cancelled',
          email: buyer.email!,
          title: `Your request was cancelled: ${r.title}`,
          message: `An administrator cancelled your request "${r.title}".${r.cancelReason ? `\n\nReason: ${r.cancelReason}` : ''}\n\n${this.link(id)}`,
        },
      ]),
    );
  }

  /** Reminders 24 h and 1 h before the end, to watchers and sellers who quoted. */
  async sendReminders(): Promise<number> {
    const now = this.clock.now().getTime();
    let sent = 0;
    for (const rem of REMINDERS) {
      const rows = await this.db.em.execute<{ id: string; title: string; user_id: string; end_time: Date }[]>(
        `select r.id, r.title, r.end_time, u.user_id from reverse_auctions r
         join (select reverse_auction_id, user_id from auction_watchers where reverse_auction_id is not null
               union select reverse_auction_id, seller_id from reverse_auction_bids) u on u.reverse_auction_id = r.id
         where r.status = 'active' and r.end_time > ? and r.end_time <= ? and r.end_time > ?
           and not exists (select 1 from auction_notifications n
                           where n.reverse_auction_id = r.id and n.user_id = u.user_id and n.notification_type = ?)`,
        [new Date(now).toISOString(), new Date(now + rem.before).toISOString(), new Date(now + rem.within).toISOString(), rem.type],
      );
      const emails = await this.emails(rows.map((row) => row.user_id));
      const byRequest = new Map<string, Notice[]>();
      for (const row of rows) {
        const email = emails.get(row.user_id);
        if (!email) continue;
        const list = byRequest.get(row.id) ?? [];
        list.push({ userId: row.user_id, type: rem.type, email, title: `Request ${rem.title}: ${row.title}`, message: `"${row.title}" ${rem.title} (${new Date(row.end_time).toISOString()}).\n\n${this.link(row.id)}` });
        byRequest.set(row.id, list);
      }
      for (const [id, items] of byRequest) sent += await this.db.em.transactional((tx) => this.notify(tx, id, items));
    }
    return sent;
  }
}
