import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import type { Config } from '../../platform/config.js';
import { between, DEMO_KINDS, demoKey, pick, seededRandom, type DemoContribution, type DemoPart } from '../../platform/demo/demo.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { maskName } from './auction.rules.js';
import { END_TASK, endJobKey, removeStartAndEndJobs, START_TASK, startJobKey } from './auctions.tasks.js';

/** The marks of demo auctions. */
export const DEMO_AUCTION_KIND = 'auctions.auction';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DemoAuctionState = 'scheduled' | 'active' | 'ending-soon' | 'sold' | 'unsold';

/** How many auctions of each state a demo of 300 parts holds (scaled with `--parts`, at least one each). */
const PER_300: Record<DemoAuctionState, number> = { scheduled: 6, active: 12, 'ending-soon': 4, sold: 8, unsold: 5 };

/** The auction slots of a demo of `parts` parts: a key and a state each, the same on every run. */
export function demoAuctionSlots(parts: number): Array<{ key: string; state: DemoAuctionState }> {
  return (Object.entries(PER_300) as Array<[DemoAuctionState, number]>).flatMap(([state, n]) =>
    Array.from({ length: Math.max(1, Math.round((n * parts) / 300)) }, (_, i) => ({ key: demoKey(`auction:${state}`, i + 1), state })),
  );
}

/** Whole dollars as a decimal string. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The mail to a real user whose bid on a demo auction went with the demo data. */
export function demoBidRemovedMail(to: string, username: string, titles: string[], publicUrl: string) {
  const list = titles.map((t) => `- ${t}`).join('\n');
  return {
    to,
    subject: 'A demo auction you bid on has been removed',
    text: `Hello ${username},\n\nPitlane's demo listings have been removed, and with them your bids on:\n\n${list}\n\nThese were sample auctions: nothing was sold and nothing is owed. Real auctions are waiting at ${publicUrl}/auctions.\n\nThe Pitlane team`,
  };
}

/**
 * The auctions part of the demo: auctions on demo parts in every state (scheduled, active with bids, ending
 * soon, ended with a winner, ended unsold), with bid histories, watchers and activity. Clearing removes them
 * and everything hanging off them (bids, watchers, activity, notifications, flags, relists). A real user's bid
 * on a demo auction goes with it, and that user is mailed (docs/decisions/auctions.md, "Demo data").
 */
export function auctionsDemo(container: Container): DemoContribution {
  const jobs = container.get(JobQueue);
  return {
    async seed({ tx, records, world, parts, now, progress }) {
      const known = await records.ids(DEMO_AUCTION_KIND);
      const slots = demoAuctionSlots(parts).filter((s) => !known.has(s.key));
      const bidders = world.buyers.map((b) => ({ username: b.username, id: world.users.get(b.username) })).filter((b): b is { username: string; id: string } => !!b.id);
      // Parts already under a demo auction, or sold, are not offered again.
      const used = new Set(
        (await tx.execute<{ part_id: string }[]>('select part_id from auctions where id = any(?::uuid[])', [[...known.values()]])).map((r) => r.part_id),
      );
      const free = world.parts.filter((p) => !used.has(p.id) && p.priceCents >= 2000);
      const marks: Array<{ key: string; id: string }> = [];
      const soldParts: string[] = [];
      let bidsAdded = 0;
      for (const [i, slot] of slots.entries()) {
        progress(i, slots.length, 'auctions');
        const random = seededRandom(slot.key);
        const part = free.splice(Math.floor(random() * free.length), 1)[0];
        if (!part || bidders.length < 2) break;
        const auction = planAuction(slot.state, part, now, random);
        const id = randomUUID();
        // Bids: each a step above the last, by someone other than the last bidder.
        const bidRows: Array<{ bidderId: string; username: string; amount: number; at: Date }> = [];
        let amount = auction.startingCents;
        let last: (typeof bidders)[number] | undefined;
        const span = Math.max(MINUTE, Math.min(now.getTime(), auction.end.getTime()) - auction.start.getTime());
        for (let b = 0; b < auction.bids; b++) {
          const bidder = pick(random, bidders.filter((x) => x !== last));
          const at = new Date(auction.start.getTime() + Math.floor((span * (b + 1)) / (auction.bids + 1)));
          bidRows.push({ bidderId: bidder.id, username: bidder.username, amount, at });
          last = bidder;
          amount += auction.incrementCents * between(random, 1, 3);
        }
        const top = bidRows.at(-1);
        const currentCents = top?.amount ?? 0;
        const winner = slot.state === 'sold' ? top : undefined;
        const watchers = bidders.filter(() => random() < 0.25).slice(0, 6);
        await tx.execute(
          `insert into auctions (id, part_id, seller_id, auction_type, title, description, starting_bid, reserve_price,
                                 buy_it_now_price, current_bid, bid_increment, start_time, end_time, status, winner_id,
                                 total_bids, watchers, is_reserve_met_public, auto_extend_minutes, shipping_cost, conditions,
                                 location, ended_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 2, ?, ?, ?, ?, ?, ?)`,
          [
            id, part.id, part.sellerUserId, auction.reserveCents ? 'reserve' : 'standard', part.title, part.description,
            dollars(auction.startingCents), auction.reserveCents ? dollars(auction.reserveCents) : null,
            auction.buyNowCents ? dollars(auction.buyNowCents) : null, dollars(currentCents), dollars(auction.incrementCents),
            auction.start.toISOString(), auction.end.toISOString(), auction.status, winner?.bidderId ?? null, bidRows.length,
            watchers.length, auction.reserveCents !== null && currentCents >= auction.reserveCents,
            dollars(between(random, 15, 60) * 100), part.condition, part.location,
            auction.status === 'ended' ? auction.end.toISOString() : null,
            new Date(auction.start.getTime() - DAY).toISOString(), now.toISOString(),
          ],
        );
        if (bidRows.length) {
          await tx.execute(
            `insert into bids (auction_id, bidder_id, bid_amount, bid_type, is_winning, is_outbid, created_at)
             select ?, "bidderId", amount, 'regular', n = ?, n < ?, at
               from jsonb_to_recordset(?::jsonb) as r("bidderId" uuid, amount numeric, at timestamptz, n int)
              order by n`,
            [id, bidRows.length, bidRows.length, JSON.stringify(bidRows.map((b, n) => ({ ...b, amount: dollars(b.amount), n: n + 1 })))],
          );
          bidsAdded += bidRows.length;
        }
        const activity = bidRows.map((b, n) => ({
          type: 'bid',
          at: b.at,
          data: { username: maskName(b.username), amount: dollars(b.amount), previousHighBid: dollars(n ? bidRows[n - 1]!.amount : 0), currentBid: dollars(b.amount) },
        }));
        if (auction.status === 'ended') {
          activity.push({ type: 'end', at: auction.end, data: { ...(winner ? { username: maskName(winner.username), amount: dollars(winner.amount) } : {}), currentBid: dollars(currentCents) } as never });
        }
        if (activity.length) {
          await tx.execute(
            `insert into auction_activity (auction_id, type, data, created_at)
             select ?, type, data, at from jsonb_to_recordset(?::jsonb) as r(type text, data jsonb, at timestamptz, n int) order by n`,
            [id, JSON.stringify(activity.map((a, n) => ({ ...a, n })))],
          );
        }
        if (watchers.length) {
          await tx.execute(
            `insert into auction_watchers (auction_id, user_id, created_at) select ?, unnest(?::uuid[]), ?`,
            [id, watchers.map((w) => w.id), auction.start.toISOString()],
          );
        }
        // The lifecycle's own jobs, as scheduling an auction adds them (the minute tick would catch up anyway).
        if (auction.status === 'scheduled') await jobs.add(tx, START_TASK, { auctionId: id }, { runAt: auction.start, jobKey: startJobKey(id), jobKeyMode: 'replace' });
        if (auction.status === 'active') await jobs.add(tx, END_TASK, { auctionId: id }, { runAt: auction.end, jobKey: endJobKey(id), jobKeyMode: 'replace' });
        if (winner) soldParts.push(part.id);
        marks.push({ key: slot.key, id });
      }
      await records.mark(DEMO_AUCTION_KIND, marks);
      if (soldParts.length) await world.markPartsSold?.(soldParts, now);
      const keys = new Map([...(await records.ids(DEMO_AUCTION_KIND))].map(([key, id]) => [id, key]));
      world.auctions = (
        await tx.execute<{ id: string; title: string; seller_id: string; status: string }[]>(
          'select id, title, seller_id, status from auctions where id = any(?::uuid[])',
          [[...keys.keys()]],
        )
      ).map((a) => ({ key: keys.get(a.id)!, id: a.id, title: a.title, ownerUserId: a.seller_id, status: a.status })).sort((a, b) => a.key.localeCompare(b.key));
      progress(slots.length, slots.length, 'auctions');
      const states = new Map<string, number>();
      for (const m of marks) states.set(m.key.split(':')[1]!, (states.get(m.key.split(':')[1]!) ?? 0) + 1);
      const detail = [...states].map(([s, n]) => `${n} ${s}`).join(', ');
      return [`auctions: ${marks.length} added${detail ? ` (${detail})` : ''}, ${bidsAdded} bids`];
    },

    async clear({ tx, records, progress }) {
      const ids = [...(await records.ids(DEMO_AUCTION_KIND)).values()];
      progress(0, ids.length, 'auctions');
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      // Real users' bids on demo auctions go with them; each such user is told which auctions went.
      const realBids = await tx.execute<{ bidder_id: string; titles: string[] }[]>(
        `select b.bidder_id, array_agg(distinct a.title order by a.title) as titles
           from bids b join auctions a on a.id = b.auction_id
          where b.auction_id = any(?::uuid[]) and b.bidder_id <> all(?::uuid[])
          group by b.bidder_id`,
        [ids, demoUsers],
      );
      if (realBids.length) {
        const config = container.get<Config>(TOKENS.Config);
        const users = new Map((await container.get(AccountsApi).findUsers(realBids.map((r) => r.bidder_id))).map((u) => [u.id, u]));
        const mails = realBids.flatMap((r) => {
          const user = users.get(r.bidder_id);
          return user?.email ? [demoBidRemovedMail(user.email, user.username, r.titles, config.publicUrl)] : [];
        });
        await container.get(MailQueue).queueMany(tx, mails);
      }
      // Bids, watchers, activity, notifications, flags and relists cascade; the lifecycle's pending jobs go too.
      for (const id of ids) {
        await removeStartAndEndJobs(jobs, tx, id);
      }
      const deleted = await tx.execute<{ id: string }[]>('delete from auctions where id = any(?::uuid[]) returning id', [ids]);
      // Relists of demo auctions are auctions too (relisted_from), and demo users' marks on real auctions.
      const relisted = await tx.execute<{ id: string }[]>(
        'delete from auctions where relisted_from = any(?::uuid[]) or seller_id = any(?::uuid[]) returning id',
        [ids, demoUsers],
      );
      await tx.execute('delete from bids where bidder_id = any(?::uuid[])', [demoUsers]);
      await tx.execute('delete from auction_watchers where user_id = any(?::uuid[])', [demoUsers]);
      await records.forget(DEMO_AUCTION_KIND);
      progress(ids.length, ids.length, 'auctions');
      const mailed = realBids.length ? `; ${realBids.length} real bidder${realBids.length === 1 ? '' : 's'} mailed about their removed bids` : '';
      return [`auctions: ${deleted.length + relisted.length} removed${mailed}`];
    },
  };
}

interface AuctionPlan {
  status: 'scheduled' | 'active' | 'ended';
  start: Date;
  end: Date;
  startingCents: number;
  incrementCents: number;
  reserveCents: number | null;
  buyNowCents: number | null;
  bids: number;
}

/** Times, prices and the number of bids of an auction in `state`, around the part's price. */
function planAuction(state: DemoAuctionState, part: DemoPart, now: Date, random: () => number): AuctionPlan {
  const t = now.getTime();
  const startingCents = Math.max(1000, Math.round((part.priceCents * (0.4 + random() * 0.3)) / 500) * 500);
  const incrementCents = startingCents >= 100_000 ? 5000 : startingCents >= 20_000 ? 1000 : 500;
  const base = { startingCents, incrementCents, reserveCents: null, buyNowCents: random() < 0.4 ? Math.round((part.priceCents * 1.1) / 500) * 500 : null };
  switch (state) {
    case 'scheduled': {
      const start = new Date(t + between(random, 6, 72) * HOUR);
      return { ...base, status: 'scheduled', start, end: new Date(start.getTime() + between(random, 3, 7) * DAY), bids: 0 };
    }
    case 'active':
      return { ...base, status: 'active', start: new Date(t - between(random, 6, 72) * HOUR), end: new Date(t + between(random, 1, 6) * DAY + between(random, 0, 23) * HOUR), bids: between(random, 2, 14) };
    case 'ending-soon':
      return { ...base, status: 'active', start: new Date(t - between(random, 3, 7) * DAY), end: new Date(t + between(random, 8, 55) * MINUTE), bids: between(random, 5, 18) };
    case 'sold': {
      const end = new Date(t - between(random, 1, 20) * DAY);
      return { ...base, buyNowCents: null, status: 'ended', start: new Date(end.getTime() - 7 * DAY), end, bids: between(random, 3, 16) };
    }
    case 'unsold': {
      const end = new Date(t - between(random, 1, 20) * DAY);
      // Half never drew a bid; the others stayed under their reserve.
      const bids = random() < 0.5 ? 0 : between(random, 1, 3);
      return { ...base, buyNowCents: null, reserveCents: bids ? startingCents * 4 : null, status: 'ended', start: new Date(end.getTime() - 7 * DAY), end, bids };
    }
  }
}
