import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { EventBus } from '../../platform/events.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { SellersApi } from '../sellers/index.js';
import { ReverseQuote } from './quote.entity.js';
import { claimQuoteNotices, deleteQuoteNotices } from './quote.repository.js';
import { ReverseAuction } from './reverse-auction.entity.js';
import { REVERSE_EVENTS } from './reverse.events.js';
import { amount } from './reverse.mapper.js';
import { dueReminders, insertNotices, lastNewQuotesMail, quotesAfter } from './reverse.repository.js';
import { awardDeadline, NEW_QUOTE_MAIL_INTERVAL_MS, peopleTime, type MatchingSource } from './reverse.rules.js';
import { MATCHING_SELLERS_TASK, NEW_QUOTES_TASK, newQuotesJobKey } from './reverse.tasks.js';

const HOUR = 60 * 60 * 1000;
/** Sellers notified per job of the matching-sellers fan-out. */
export const MATCHING_PAGE = 200;
/** Quote notices handled per round of the sweep. */
const QUOTE_SWEEP_BATCH = 200;

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
 * The reverse auctions' mail: matching sellers when a request is posted, reminders, new quotes (grouped), outquoted
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

  /** Stores the notices of request `id` and queues the mail of the new ones, in `em`'s transaction. Returns how many were new. */
  async notify(em: EntityManager, id: string, items: Notice[]): Promise<number> {
    if (!items.length) return 0;
    const fresh = await insertNotices(em, id, this.clock.now(), items);
    const notices = items.filter((n) => fresh.has(`${n.userId}:${n.type}`));
    await this.mail.queueMany(em, notices.map((n) => ({ to: n.email, subject: n.title, text: n.message })));
    if (notices.length) {
      await this.events.publish(em, {
        name: REVERSE_EVENTS.noticesSent,
        payload: { notices: notices.map(({ userId, type, title, message }) => ({ reverseAuctionId: id, userId, type, title, message })) },
      });
    }
    return notices.length;
  }

  /** The request, read fresh, or null. */
  private find(id: string): Promise<ReverseAuction | null> {
    return this.db.em.findOne(ReverseAuction, { id }, { refresh: true });
  }

  private async emails(ids: string[]): Promise<Map<string, string>> {
    return new Map((ids.length ? await this.accounts.findUsers(ids) : []).map((u) => [u.id, u.email ?? '']));
  }

  private describe(r: ReverseAuction): string {
    const vehicle = [r.make, r.model].filter(Boolean).join(' ');
    return `${r.partCategory}${vehicle ? ` for ${vehicle}` : ''}, budget up to $${amount(r.maxBudget)}`;
  }

  /** When quotes may be made: from the start (when still to come) to the end, written for people. */
  private quoteWindow(r: ReverseAuction): string {
    const opens = r.startTime.getTime() > this.clock.now().getTime() ? `Quotes open ${peopleTime(r.startTime)} and close` : 'Quotes close';
    return `${opens} ${peopleTime(r.endTime)}.`;
  }

  /**
   * Tells approved sellers that a request was posted (or relisted) when their specialties name its category or make (source
   * `specialties`), then those with a public listing in that category or of that make (source `parts`, asked of
   * the catalog and kept to approved sellers): one page of MATCHING_PAGE sellers per job, the next page in a job of
   * its own (a bounded fan-out). A seller matched both ways is told once (the notice is unique per kind).
   */
  async notifyMatchingSellers(id: string, after: string | null, source: MatchingSource = 'specialties'): Promise<number> {
    const r = await this.find(id);
    // Told from the posting: a request cancelled or ended before the job ran tells nobody.
    if (!r || (r.status !== 'scheduled' && r.status !== 'active') || r.endTime.getTime() <= this.clock.now().getTime()) return 0;
    let page: string[];
    let users: string[];
    if (source === 'specialties') {
      const terms = [r.partCategory, r.make].filter((t): t is string => !!t);
      page = await this.sellers.sellersWithSpecialties(terms, after, MATCHING_PAGE);
      users = page;
    } else {
      page = await this.catalog.sellersListing({ category: r.partCategory, make: r.make ?? null }, after, MATCHING_PAGE);
      const approved = await this.sellers.quoteProfiles(page);
      users = page.filter((u) => approved.has(u));
    }
    users = users.filter((u) => u !== r.buyerId);
    const emails = await this.emails(users);
    return this.db.transaction(async (em) => {
      const sent = await this.notify(
        em,
        id,
        users.flatMap((userId) => {
          const email = emails.get(userId);
          if (!email) return [];
          return [{ userId, type: 'new-request', email, title: `Wanted: ${r.title}`, message: `A buyer is looking for "${r.title}" (${this.describe(r)}). ${this.quoteWindow(r)}\n\n${this.link(id)}` }];
        }),
      );
      if (page.length === MATCHING_PAGE) {
        await this.jobs.add(em, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: page[page.length - 1], source });
      } else if (source === 'specialties') {
        await this.jobs.add(em, MATCHING_SELLERS_TASK, { reverseAuctionId: id, after: null, source: 'parts' });
      }
      return sent;
    });
  }

  /**
   * Mails the buyer the quotes that arrived since the last such mail, at most once per NEW_QUOTE_MAIL_INTERVAL_MS
   * per request: a run inside the interval moves the job to its end.
   */
  async notifyNewQuotes(id: string): Promise<number> {
    const first = await this.find(id);
    if (!first) return 0;
    const buyer = await this.accounts.findUser(first.buyerId);
    return this.db.transaction(async (em) => {
      const r = (await em.findOne(ReverseAuction, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true }))!;
      const lastSent = (await lastNewQuotesMail(em, id, r.buyerId))?.getTime() ?? null;
      const now = this.clock.now().getTime();
      if (lastSent !== null && now - lastSent < NEW_QUOTE_MAIL_INTERVAL_MS) {
        await this.jobs.add(em, NEW_QUOTES_TASK, { reverseAuctionId: id }, {
          runAt: new Date(lastSent + NEW_QUOTE_MAIL_INTERVAL_MS),
          jobKey: newQuotesJobKey(id),
          jobKeyMode: 'replace',
        });
        return 0;
      }
      const fresh = await quotesAfter(em, id, r.quotesNotifiedSeq);
      if (fresh.n === 0 || !buyer?.email) return 0;
      r.quotesNotifiedSeq = fresh.top!;
      const what = fresh.n === 1 ? 'A new quote' : `${fresh.n} new quotes`;
      return this.notify(em, id, [
        {
          userId: r.buyerId,
          type: `new-quotes-${fresh.top}`,
          email: buyer.email,
          title: `${what} on "${r.title}"`,
          message: `${what} arrived on your request "${r.title}". The lowest of them is $${fresh.low}; the best quote so far is $${amount(r.currentLowestBid) ?? fresh.low}.\n\n${this.link(id)}`,
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
      const swept = await this.db.transaction(async (claim) => {
        const rows = await claimQuoteNotices(claim, QUOTE_SWEEP_BATCH);
        if (!rows.length) return 0;
        // In a fixed order, so two transactions queueing the same requests' jobs never wait for each other in a circle.
        const requests = [...new Set(rows.map((r) => r.reverse_auction_id))].sort();
        await this.db.transaction(async (em) => {
          for (const id of requests) {
            await this.jobs.add(em, NEW_QUOTES_TASK, { reverseAuctionId: id }, { jobKey: newQuotesJobKey(id), jobKeyMode: 'preserve_run_at' });
          }
        });
        for (const r of rows) if (r.outquoted_seller_id) await this.notifyOutquoted(r.reverse_auction_id, r.outquoted_seller_id, r.bid_seq);
        await deleteQuoteNotices(claim, rows.map((r) => r.id));
        return rows.length;
      });
      handled += swept;
      if (swept < QUOTE_SWEEP_BATCH) return handled;
    }
  }

  /** Tells a seller their quote is no longer the lowest (once per quote that beat it). */
  async notifyOutquoted(id: string, sellerId: string, bidSeq: string): Promise<number> {
    const r = await this.find(id);
    const seller = await this.accounts.findUser(sellerId);
    if (!r || !seller?.email) return 0;
    return this.db.transaction((em) =>
      this.notify(em, id, [
        {
          userId: sellerId,
          type: `outquoted-${bidSeq}`,
          email: seller.email!,
          title: `You have been outquoted: ${r.title}`,
          message: `Another seller quoted less than you on "${r.title}". The best quote is now $${amount(r.currentLowestBid)}; you may quote again while the request is open.\n\n${this.link(id)}`,
        },
      ]),
    );
  }

  /** Mails what the end of a request means: to the buyer when it ends or closes unawarded, to every quoting seller on an award. */
  async notifyResult(id: string): Promise<number> {
    const r = await this.find(id);
    if (!r || r.status !== 'ended') return 0;
    const quotes = await this.db.em.find(ReverseQuote, { reverseAuctionId: id }, { fields: ['sellerId'], orderBy: { seq: 'asc' } });
    const quoted = [...new Set(quotes.map((q) => q.sellerId))];
    const emails = await this.emails([r.buyerId, ...quoted]);
    const link = this.link(id);
    const items: Notice[] = [];
    const buyerEmail = emails.get(r.buyerId);
    if (r.awardStatus === 'awarded') {
      for (const seller_id of quoted) {
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
      items.push({ userId: r.buyerId, type: 'ended', email: buyerEmail, title: `Your request ended: ${r.title}`, message: `Your request "${r.title}" ended with ${r.totalBids} quote${r.totalBids === 1 ? '' : 's'}; the best is $${amount(r.currentLowestBid)}. You may award it to any quote until ${peopleTime(awardDeadline(r.endedAt ?? r.endTime)!)}.\n\n${link}` });
    }
    return this.db.transaction((em) => this.notify(em, id, items));
  }

  /** Mails the buyer an admin's cancellation with its reason. */
  async notifyCancelled(id: string): Promise<number> {
    const r = await this.find(id);
    if (!r || r.status !== 'cancelled') return 0;
    const buyer = await this.accounts.findUser(r.buyerId);
    if (!buyer?.email) return 0;
    return this.db.transaction((em) =>
      this.notify(em, id, [
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
      const rows = await dueReminders(this.db.em, rem.type, { from: new Date(now), to: new Date(now + rem.before), after: new Date(now + rem.within) });
      const emails = await this.emails(rows.map((row) => row.user_id));
      const byRequest = new Map<string, Notice[]>();
      for (const row of rows) {
        const email = emails.get(row.user_id);
        if (!email) continue;
        const list = byRequest.get(row.id) ?? [];
        list.push({ userId: row.user_id, type: rem.type, email, title: `Request ${rem.title}: ${row.title}`, message: `"${row.title}" ${rem.title}, at ${peopleTime(new Date(row.end_time))}.\n\n${this.link(row.id)}` });
        byRequest.set(row.id, list);
      }
      for (const [id, items] of byRequest) sent += await this.db.transaction((em) => this.notify(em, id, items));
    }
    return sent;
  }
}
